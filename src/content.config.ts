import { defineCollection, z } from "astro:content";
import { existsSync } from "node:fs";
import path from "node:path";
import { file as fileLoader, glob } from "astro/loaders";
import { businessDir } from "../business-dir.mjs";
import { areaFrontmatterSchema, areaProseSchema } from "./lib/area-schema";
import { blogFrontmatterSchema } from "./lib/blog-schema";
import { faqSchema } from "./lib/faq-schema";
import { guideFrontmatterSchema } from "./lib/guide-schema";

/**
 * The business's own words live beside its facts: business/NAME/content (BUSINESS_DIR, business-dir.mjs),
 * in the collections below. The paths in the comments are relative to that folder.
 */
const content = path.join(businessDir(), "content");

/** A JSON collection a business may leave out (the Spanish words of a business in English only): empty then. */
const optionalFile = (file: string) => (existsSync(file) ? fileLoader(file) : () => []);

/** Blog articles: one Markdown file per slug in content/blog. */
const blog = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/blog` }),
  schema: blogFrontmatterSchema,
});

/** The long text of each of the ten service pages: content/services/{slug}.md. */
const servicePageSchema = z
  .object({
    /** Meta description of the page. */
    description: z.string().min(70).max(170),
    /** One-sentence lead shown under the heading. */
    lead: z.string().min(20).max(240),
    /** Alt text of the page's illustration. */
    imageAlt: z.string().min(10),
    /** Four to six questions answered from the page's own text, shown as a visible FAQ. */
    faq: faqSchema,
  })
  .strict();
const servicePages = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/services` }),
  schema: servicePageSchema,
});

/**
 * Testimonials shown in the home-page carousel. `sample: true` marks placeholder text written for
 * the site, not a customer's review; the page says so while any sample is shown. Replace them with
 * the owner's real reviews (README, "Testimonials") and set `sample: false`.
 */
const testimonials = defineCollection({
  loader: fileLoader(`${content}/testimonials.json`),
  schema: z.object({
    name: z.string().min(1),
    town: z.string().min(1),
    text: z.string().min(20),
    rating: z.number().int().min(1).max(5),
    sample: z.boolean(),
  }),
});

const iconNames = ["truck", "life-buoy", "battery-charging", "key-round", "shield-alert", "wrench"] as const;

/** An optional second link on a card, such as the accident guide on the Accident Recovery cards. */
const guideLink = z.object({ label: z.string().min(5), href: z.string().startsWith("/") }).optional();

/** The six service cards of the home page. */
const serviceCards = defineCollection({
  loader: fileLoader(`${content}/service-cards.json`),
  schema: z.object({
    icon: z.enum(iconNames),
    title: z.string().min(1),
    description: z.string().min(20),
    image: z.string().startsWith("/images/"),
    href: z.string().startsWith("/"),
    alt: z.string().min(10),
    guide: guideLink,
  }),
});

/** The three cards of the /services overview, each with its feature list. */
const serviceOverview = defineCollection({
  loader: fileLoader(`${content}/service-overview.json`),
  schema: z.object({
    icon: z.enum(iconNames),
    title: z.string().min(1),
    description: z.string().min(10),
    features: z.array(z.string().min(3)).min(3),
    href: z.string().startsWith("/"),
    guide: guideLink,
  }),
});

/** One page per town served: content/areas/{slug}.md, served at /areas/{slug}. */
const areas = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/areas` }),
  schema: areaFrontmatterSchema,
});

/**
 * What the blog's own articles are about, per language, as the blog index's description and lead say
 * it: content/blog-topics.json, `[{ "id": "en", "topics": "hitch classes, towing capacity", "span": "from
 * towing rules to hitches" }]`. Optional: without it the index speaks of no particular topic.
 */
const blogTopics = defineCollection({
  loader: optionalFile(`${content}/blog-topics.json`),
  schema: z.object({ topics: z.string().min(3), span: z.string().min(3) }),
});

/** Longer how-to pages for drivers: content/guides/{slug}.md, served at /guides/{slug}. */
const guides = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/guides` }),
  schema: guideFrontmatterSchema,
});

/*
 * Spanish. The pages under /es/ read these through src/lib/localized-content.ts, which pairs each
 * entry with its English twin by id and fails the build when one is missing. Prose only: the facts
 * (a town's coordinates, highways and police line, a card's icon and link) stay in the English entry.
 */

/** content/services/es/{slug}.md: the same fields as the English page, in Spanish. */
const servicePagesEs = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/services/es` }),
  schema: servicePageSchema,
});

/** content/areas/es/{slug}.md: a town page's words; its facts come from the English entry. */
const areasEs = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/areas/es` }),
  schema: areaProseSchema,
});

/** content/guides/es/{slug}.md. */
const guidesEs = defineCollection({
  loader: glob({ pattern: "*.md", base: `${content}/guides/es` }),
  schema: guideFrontmatterSchema,
});

const guideLabelEs = z.string().min(5).optional();

/** The home page's cards in Spanish, by the English card's id. */
const serviceCardsEs = defineCollection({
  loader: optionalFile(`${content}/es/service-cards.json`),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(20),
    alt: z.string().min(10),
    guideLabel: guideLabelEs,
  }),
});

/** The /es/services cards, by the English card's id. */
const serviceOverviewEs = defineCollection({
  loader: optionalFile(`${content}/es/service-overview.json`),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(10),
    features: z.array(z.string().min(3)).min(3),
    guideLabel: guideLabelEs,
  }),
});

/** The testimonials' text in Spanish, by the English entry's id (name, town, rating and sample from there). */
const testimonialsEs = defineCollection({
  loader: optionalFile(`${content}/es/testimonials.json`),
  schema: z.object({ text: z.string().min(20) }),
});

export const collections = {
  blog,
  servicePages,
  testimonials,
  serviceCards,
  serviceOverview,
  areas,
  guides,
  servicePagesEs,
  areasEs,
  guidesEs,
  serviceCardsEs,
  serviceOverviewEs,
  testimonialsEs,
  blogTopics,
};
