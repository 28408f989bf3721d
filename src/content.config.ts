import { defineCollection, z } from "astro:content";
import { file, glob } from "astro/loaders";
import { areaFrontmatterSchema } from "./lib/area-schema";
import { blogFrontmatterSchema } from "./lib/blog-schema";
import { faqSchema } from "./lib/faq-schema";
import { guideFrontmatterSchema } from "./lib/guide-schema";

/** Blog articles: one Markdown file per slug in src/content/blog. */
const blog = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/blog" }),
  schema: blogFrontmatterSchema,
});

/** The long text of each of the ten service pages: src/content/services/{slug}.md. */
const servicePages = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/services" }),
  schema: z
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
    .strict(),
});

/**
 * Testimonials shown in the home-page carousel. `sample: true` marks placeholder text written for
 * the site, not a customer's review; the page says so while any sample is shown. Replace them with
 * the owner's real reviews (README, "Testimonials") and set `sample: false`.
 */
const testimonials = defineCollection({
  loader: file("./src/content/testimonials.json"),
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
  loader: file("./src/content/service-cards.json"),
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
  loader: file("./src/content/service-overview.json"),
  schema: z.object({
    icon: z.enum(iconNames),
    title: z.string().min(1),
    description: z.string().min(10),
    features: z.array(z.string().min(3)).min(3),
    href: z.string().startsWith("/"),
    guide: guideLink,
  }),
});

/** One page per town served: src/content/areas/{slug}.md, served at /areas/{slug}. */
const areas = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/areas" }),
  schema: areaFrontmatterSchema,
});

/** Longer how-to pages for drivers: src/content/guides/{slug}.md, served at /guides/{slug}. */
const guides = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/guides" }),
  schema: guideFrontmatterSchema,
});

export const collections = { blog, servicePages, testimonials, serviceCards, serviceOverview, areas, guides };
