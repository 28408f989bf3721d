import { allCurated } from "./answers";
import { CONTENT_DIR, firstSentences, leadParagraph, plain, rawSections, readMarkdownDocs } from "./content-files";

/**
 * What the assistant knows, built at start-up from the same files as the pages: the curated
 * answers (answers.ts, each tied to the page sentence it restates) and every section of every
 * article, for technical questions.
 */
export interface ArticleSection {
  id: string;
  slug: string;
  articleTitle: string;
  heading: string;
  text: string;
  /** Whole sentences from the section's first paragraph: never a list cut in the middle. */
  excerpt: string;
}

export function readArticleSections(root = CONTENT_DIR): ArticleSection[] {
  const out: ArticleSection[] = [];
  for (const article of readMarkdownDocs("blog", root)) {
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
        articleTitle,
        heading: section.heading,
        text,
        excerpt,
      });
    });
  }
  return out;
}

/** How many things the assistant can say: curated answers plus article sections. */
export function knowledgeSize(root = CONTENT_DIR): number {
  return allCurated().length + readArticleSections(root).length;
}
