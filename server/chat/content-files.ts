import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The Markdown the pages are built from: the assistant reads the very same files. */
export const CONTENT_DIR = fileURLToPath(new URL("../../src/content/", import.meta.url));

export interface MarkdownDoc {
  slug: string;
  frontmatter: Record<string, unknown>;
  body: string;
}

export function readMarkdownDocs(folder: string, root = CONTENT_DIR): MarkdownDoc[] {
  const dir = `${root}${folder}/`;
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".md"));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const text = readFileSync(dir + file, "utf8");
    const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/);
    return {
      slug: file.slice(0, -3),
      frontmatter: match ? ((parse(match[1] ?? "") as Record<string, unknown>) ?? {}) : {},
      body: match ? (match[2] ?? "") : text,
    };
  });
}

/** Splits Markdown into its "## " sections: heading and plain text (links, emphasis, tables flattened). */
export function sections(markdown: string): { heading: string; text: string }[] {
  const out: { heading: string; text: string }[] = [];
  let heading = "";
  let lines: string[] = [];
  const flush = () => {
    const text = plain(lines.join("\n"));
    if (text) out.push({ heading, text });
  };
  for (const line of markdown.split("\n")) {
    const h = line.match(/^#{2,3}\s+(.*)$/);
    if (h) {
      flush();
      heading = plain(h[1] ?? "");
      lines = [];
    } else lines.push(line);
  }
  flush();
  return out;
}

export function plain(markdown: string): string {
  return (
    markdown
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s*\|?\s*-{3,}.*$/gm, "")
      .replace(/\|/g, " ")
      .replace(/[*_`>#]/g, "")
      // A list item becomes a sentence of its own, so a reply can stop after any of them.
      .replace(/^\s*[-+]\s+(.*?)([.!?:;])?\s*$/gm, (_m, item: string, end?: string) => `${item}${end ?? "."}`)
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A section's first prose paragraph: the text before any list or table, flattened to plain text. */
export function leadParagraph(markdown: string): string {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.trim());
  const prose = blocks.find((b) => b && !/^([-+*]|\d+\.|\|)\s/.test(b) && !b.startsWith("|"));
  return prose ? plain(prose) : "";
}

/** Splits Markdown into its "## " sections, keeping each section's Markdown. */
export function rawSections(markdown: string): { heading: string; markdown: string }[] {
  const out: { heading: string; markdown: string }[] = [];
  let heading = "";
  let lines: string[] = [];
  const flush = () => {
    if (lines.join("").trim()) out.push({ heading, markdown: lines.join("\n") });
  };
  for (const line of markdown.split("\n")) {
    const h = line.match(/^#{2,3}\s+(.*)$/);
    if (h) {
      flush();
      heading = plain(h[1] ?? "");
      lines = [];
    } else lines.push(line);
  }
  flush();
  return out;
}

/** The first sentences of a text, up to about `max` characters. */
export function firstSentences(text: string, max = 320): string {
  const parts = text.match(/[^.!?]+[.!?]+["”')\]]*(\s|$)/g) ?? [text];
  let out = "";
  for (const p of parts) {
    if (out && out.length + p.length > max) break;
    out += p;
  }
  return out.trim();
}
