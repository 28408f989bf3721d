import { z } from "zod";

/**
 * The chat assistant's knowledge as the build writes it (src/pages/chat-knowledge.json.ts) and the
 * server reads it at start (server/site-files.ts). A pure module: the server imports it, so it holds
 * no Astro or React code. The file is server-only: the static server never serves it.
 */
export const CHAT_KNOWLEDGE_FILE = "chat-knowledge.json";

/** Raised when the shape changes, so a server never reads a file written by another version's build. */
export const CHAT_KNOWLEDGE_FORMAT = 1;

/**
 * The Markdown collections whose pages the assistant knows: the folder under src/content each is
 * loaded from (src/content.config.ts) and the route each page is published under.
 */
export const KNOWN_COLLECTIONS = {
  blog: { folder: "blog", route: "/blog/" },
  guides: { folder: "guides", route: "/guides/" },
  areas: { folder: "areas", route: "/areas/" },
  servicePages: { folder: "services", route: "/services/" },
} as const;

export type KnownCollection = keyof typeof KNOWN_COLLECTIONS;

/** One content page as the build read it: its validated frontmatter and its Markdown body. */
const contentPageSchema = z
  .object({
    collection: z.enum(Object.keys(KNOWN_COLLECTIONS) as [KnownCollection, ...KnownCollection[]]),
    /** The entry's id, which is the page's slug. */
    id: z.string().min(1),
    /** The source file under src/content ("services/towing.md"), the name curated answers cite. */
    file: z.string().regex(/^[a-z-]+\/[a-z0-9-]+\.md$/),
    /** The page's address: /blog/{id}, /guides/{id}, /areas/{id} or /services/{id}. */
    url: z.string().startsWith("/"),
    /** The frontmatter after the collection's schema (dates as ISO strings). */
    data: z.record(z.unknown()),
    body: z.string(),
  })
  .strict();

/** One "##" or "###" section of an article or guide, ready to be searched and quoted. */
const articleSectionSchema = z
  .object({
    /** "{slug}:{index}". */
    id: z.string().min(3),
    slug: z.string().min(1),
    /** The page the section is on: /blog/{slug} or /guides/{slug}. */
    url: z.string().startsWith("/"),
    articleTitle: z.string().min(1),
    heading: z.string(),
    /** The whole section as plain text, for search. */
    text: z.string().min(1),
    /** Whole sentences from the section's first paragraph: never a list cut in the middle. */
    excerpt: z.string().min(1),
  })
  .strict();

/** A town with a page of its own: "Riverton" -> "/areas/lodi". */
const townPageSchema = z.object({ town: z.string().min(1), url: z.string().startsWith("/areas/") }).strict();

/**
 * The whole file. Pages and sections may not be empty: a knowledge file that knows nothing is a
 * broken build, and the server must refuse it rather than answer from nothing.
 */
export const chatKnowledgeSchema = z
  .object({
    format: z.literal(CHAT_KNOWLEDGE_FORMAT),
    pages: z.array(contentPageSchema).min(1, "no pages: the build read no content"),
    sections: z.array(articleSectionSchema).min(1, "no article sections: the assistant would know nothing"),
    townPages: z.array(townPageSchema),
  })
  .strict();

export type ContentPage = z.infer<typeof contentPageSchema>;
export type ArticleSection = z.infer<typeof articleSectionSchema>;
export type ChatKnowledge = z.infer<typeof chatKnowledgeSchema>;
