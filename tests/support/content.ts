import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";

export interface MarkdownFile {
  slug: string;
  frontmatter: Record<string, unknown>;
  body: string;
}

/** Reads src/content/{folder}/*.md the way a reader would: frontmatter and Markdown body. */
export function readMarkdownFolder(folder: string): MarkdownFile[] {
  const dir = new URL(`../../src/content/${folder}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => {
      const text = readFileSync(new URL(f, dir), "utf8");
      const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/);
      if (!match) throw new Error(`${folder}/${f} has no frontmatter`);
      return { slug: f.slice(0, -3), frontmatter: parse(match[1] ?? "") ?? {}, body: match[2] ?? "" };
    });
}

export const wordCount = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_>|`-]/g, " ")
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;
