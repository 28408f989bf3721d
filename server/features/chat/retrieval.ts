import MiniSearch from "minisearch";
import type { ArticleSection } from "../../../src/shared/chat-knowledge-schema";

/**
 * How-to questions (tow methods, hitches, packages, capacity, after an accident) are answered from
 * the articles: the section that best matches the whole question, quoted in whole sentences from its
 * first paragraph, with the article's address. Found with MiniSearch over every section, within the
 * article whose subject the question names when it names one (entities.yaml "articles").
 */

export interface Retriever {
  /** The section that answers a question, or undefined when none does; with `only`, from that article. */
  section(query: string, only?: string): ArticleSection | undefined;
  size: number;
}

export function createRetriever(sections: ArticleSection[], stopwords: readonly string[]): Retriever {
  // Words every article shares ("tow", "car") say nothing about which section answers.
  const stop = new Set(stopwords);
  const index = new MiniSearch<ArticleSection>({
    fields: ["articleTitle", "heading", "text"],
    storeFields: ["slug"],
    processTerm: (term) => {
      const t = term.toLowerCase().replace(/'s$/, "");
      return stop.has(t) || t.length < 2 ? null : t;
    },
    searchOptions: {
      boost: { articleTitle: 2, heading: 2.5, text: 1 },
      // An article's opening answers "what is…" and "what types…" better than any one of its sections.
      boostDocument: (id) => (String(id).endsWith(":0") ? 1.4 : 1),
      fuzzy: (term) => (term.length > 5 ? 0.2 : false),
      prefix: (term) => term.length > 4,
    },
  });
  index.addAll(sections);
  const byId = new Map(sections.map((s) => [s.id, s]));

  return {
    size: sections.length,
    section(query, only) {
      const known = only && sections.some((s) => s.slug === only) ? only : undefined;
      // The first few hundred characters hold the question; searching more only costs time.
      const terms = [...new Set(query.slice(0, 300).split(" "))].join(" ");
      const hits = index.search(terms, known ? { filter: (r) => r.slug === known } : {});
      const section =
        (hits[0] ? byId.get(String(hits[0].id)) : undefined) ??
        (known ? sections.find((s) => s.slug === known) : undefined);
      if (!section || (!known && (hits[0]?.score ?? 0) < 8)) return undefined;
      return section;
    },
  };
}
