import {
  type ArticleSection,
  CHAT_KNOWLEDGE_FORMAT,
  type ChatKnowledge,
  type ContentPage,
  chatKnowledgeSchema,
  KNOWN_COLLECTIONS,
  type KnownCollection,
} from "../shared/chat-knowledge-schema";
import { site } from "../shared/site";

/**
 * Builds the chat assistant's knowledge from content collection entries, the very entries the pages
 * render (src/pages/chat-knowledge.json.ts passes what getCollection returns). Runs at build time
 * only: the server reads the result and never reads src/content itself. Pure, so tests can build a
 * knowledge from entries of their own through the same code.
 */
interface KnowledgeEntry {
  collection: KnownCollection;
  id: string;
  data: object;
  /** The Markdown after the frontmatter, as the collection's loader keeps it. */
  body?: string;
}

/** Collections whose "##" sections the assistant searches and quotes (technical questions). */
const LONG_READS: KnownCollection[] = ["blog", "guides"];

export function buildChatKnowledge(entries: KnowledgeEntry[]): ChatKnowledge {
  const pages = [...entries].sort(byCollectionThenId).map(toPage);
  const sections = LONG_READS.flatMap((collection) =>
    pages.filter((p) => p.collection === collection).flatMap(articleSections),
  );
  const townPages = pages.flatMap((p) => {
    if (p.collection !== "areas") return [];
    const name = String(p.data.name ?? "");
    const town = site.areas.find((t) => t === name || t.toLowerCase().replace(/\s+/g, "-") === p.id);
    return town ? [{ town, url: p.url }] : [];
  });
  // Checked here too, so a build that would write a file the server refuses fails instead.
  return chatKnowledgeSchema.parse({ format: CHAT_KNOWLEDGE_FORMAT, pages, sections, townPages });
}

const collectionOrder = Object.keys(KNOWN_COLLECTIONS);
function byCollectionThenId(a: KnowledgeEntry, b: KnowledgeEntry): number {
  const c = collectionOrder.indexOf(a.collection) - collectionOrder.indexOf(b.collection);
  return c !== 0 ? c : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function toPage(entry: KnowledgeEntry): ContentPage {
  const { folder, route } = KNOWN_COLLECTIONS[entry.collection];
  return {
    collection: entry.collection,
    id: entry.id,
    file: `${folder}/${entry.id}.md`,
    url: `${route}${entry.id}`,
    // Through JSON once, so what the build checks is exactly what the file holds (dates as ISO strings).
    data: JSON.parse(JSON.stringify(entry.data)) as Record<string, unknown>,
    body: entry.body ?? "",
  };
}

function articleSections(page: ContentPage): ArticleSection[] {
  const articleTitle = String(page.data.title ?? page.id);
  return rawSections(page.body).flatMap((section, i) => {
    const lead = leadParagraph(section.markdown);
    // A sentence that opens a list ("Bring:") means nothing without the list: stop before it.
    const excerpt = firstSentences(lead, 300)
      .split(/(?<=[.!?])\s+/)
      .filter((s) => !s.endsWith(":"))
      .join(" ");
    // A section that is only a table or a list has nothing to quote whole.
    if (!excerpt) return [];
    return [
      {
        id: `${page.id}:${i}`,
        slug: page.id,
        url: page.url,
        articleTitle,
        heading: section.heading,
        text: plain(section.markdown),
        excerpt,
      },
    ];
  });
}

/** Splits Markdown into its "##" and "###" sections, keeping each section's Markdown. */
function rawSections(markdown: string): { heading: string; markdown: string }[] {
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

/** Markdown as plain text: links, emphasis and tables flattened, each list item a sentence. */
function plain(markdown: string): string {
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
function leadParagraph(markdown: string): string {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.trim());
  const prose = blocks.find((b) => b && !/^([-+*]|\d+\.|\|)\s/.test(b) && !b.startsWith("|"));
  return prose ? plain(prose) : "";
}

/** The first sentences of a text, up to about `max` characters. */
function firstSentences(text: string, max = 320): string {
  const parts = text.match(/[^.!?]+[.!?]+["”')\]]*(\s|$)/g) ?? [text];
  let out = "";
  for (const p of parts) {
    if (out && out.length + p.length > max) break;
    out += p;
  }
  return out.trim();
}
