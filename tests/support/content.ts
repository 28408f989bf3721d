import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { businessDir } from "../../business-dir.mjs";
import { readChatKnowledge } from "../../server/site-files";
import type { ChatKnowledge, ContentPage, KnownCollection } from "../../src/shared/chat-knowledge-schema";

/**
 * The site's content as the build read it: tests take the pages from the knowledge file the build
 * wrote (dist/chat-knowledge.json, made from Astro's content collections), through the server's own
 * reader, so there is one reader of the business's content and no second Markdown parser. `npm test` builds
 * first; run `npm run build` before running tests one by one after changing the content.
 */
const root = path.resolve(import.meta.dirname, "../..");
export const builtDist = path.resolve(root, process.env.ASTRO_OUT_DIR ?? "dist");

let cached: ChatKnowledge | undefined;

export function builtKnowledge(): ChatKnowledge {
  if (cached) return cached;
  const knowledge = readChatKnowledge(builtDist);
  const built = statSync(path.join(builtDist, "chat-knowledge.json")).mtimeMs;
  const changed = newestFile(path.join(businessDir(), "content"));
  if (changed.mtimeMs > built) {
    throw new Error(`${changed.file} changed after the last build: run \`npm run build\` so tests read the content.`);
  }
  cached = knowledge;
  return knowledge;
}

function newestFile(dir: string): { file: string; mtimeMs: number } {
  let newest = { file: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

interface ContentFile {
  slug: string;
  /** The frontmatter after the collection's schema (dates as ISO strings). */
  frontmatter: Record<string, unknown>;
  body: string;
}

/** Every page of a Markdown collection, by slug. */
export function readCollection(collection: KnownCollection): ContentFile[] {
  return builtKnowledge()
    .pages.filter((p) => p.collection === collection)
    .map((p) => ({ slug: p.id, frontmatter: p.data, body: p.body }));
}

/** A page by its source file ("services/towing.md"): frontmatter as JSON, then the body. */
export function contentOf(file: string): string {
  const page = builtKnowledge().pages.find((p) => p.file === file);
  if (!page) throw new Error(`src/content/${file} is missing from the build`);
  return `${JSON.stringify(page.data)}\n${page.body}`;
}

/** A page as a reader finds its words: every frontmatter text and the body, emphasis marks removed. */
export function pageWords(page: Pick<ContentPage, "data" | "body">): string {
  const texts: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect(page.data);
  return [...texts, page.body].join("\n").replace(/\*\*/g, "");
}

export const wordCount = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_>|`-]/g, " ")
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;
