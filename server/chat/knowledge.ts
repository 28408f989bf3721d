import { site } from "../../src/lib/site";
import { allCurated } from "./answers";
import { CONTENT_DIR, firstSentences, leadParagraph, plain, rawSections, readMarkdownDocs } from "./content-files";

/**
 * What the assistant knows, built at start-up from the same files as the pages: the curated
 * answers (answers.ts, each tied to the page sentence it restates), every section of every article
 * and guide (for technical questions), and which towns have a page of their own.
 */
export interface ArticleSection {
  id: string;
  slug: string;
  /** The page the section is on: /blog/{slug} or /guides/{slug}. */
  url: string;
  articleTitle: string;
  heading: string;
  text: string;
  /** Whole sentences from the section's first paragraph: never a list cut in the middle. */
  excerpt: string;
}

/** The folders of long reads and the route each is published under. */
const LONG_READS = [
  { folder: "blog", route: "/blog/" },
  { folder: "guides", route: "/guides/" },
];

export function readArticleSections(root = CONTENT_DIR): ArticleSection[] {
  const out: ArticleSection[] = [];
  for (const { folder, route } of LONG_READS) {
    for (const article of readMarkdownDocs(folder, root)) {
      const articleTitle = String(article.frontmatter.title ?? article.slug);
      rawSections(article.body).forEach((section, i) => {
        const text = plain(section.markdown);
        const lead = leadParagraph(section.markdown);
        // A sentence that opens a list ("Bring:") means nothing without the list: stop before it.
        const sentences = firstSentences(lead, 300)
          .split(/(?<=[.!?])\s+/)
          .filter((s) => !s.endsWith(":"));
        const excerpt = sentences.join(" ");
        // A section that is only a table or a list has nothing to quote whole.
        if (!excerpt) return;
        out.push({
          id: `${article.slug}:${i}`,
          slug: article.slug,
          url: `${route}${article.slug}`,
          articleTitle,
          heading: section.heading,
          text,
          excerpt,
        });
      });
    }
  }
  return out;
}

/** The towns that have a page of their own (src/content/areas/{slug}.md), by name: "Lodi" -> "/areas/lodi". */
export function readTownPages(root = CONTENT_DIR): Map<string, string> {
  const pages = new Map<string, string>();
  for (const doc of readMarkdownDocs("areas", root)) {
    const name = String(doc.frontmatter.name ?? "");
    const town = site.areas.find((t) => t === name || t.toLowerCase().replace(/\s+/g, "-") === doc.slug);
    if (town) pages.set(town, `/areas/${doc.slug}`);
  }
  return pages;
}

/** How many things the assistant can say: curated answers plus article sections. */
export function knowledgeSize(root = CONTENT_DIR): number {
  return allCurated().length + readArticleSections(root).length;
}

/** The curated answers by id, with the reply text as `answer` (what content tests read). */
export const facts = allCurated().map((c) => ({ id: c.id, answer: c.text, source: c.source, law: c.law }));
