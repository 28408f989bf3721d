import { z } from "zod";
import { services } from "../shared/services";

const serviceSlugs = services.map((s) => s.slug) as [string, ...string[]];

/**
 * Frontmatter of a blog article (src/content/blog/{slug}.md). The build fails on any article that
 * does not match, so a typo in a date or a service slug never reaches the site.
 */
export const blogFrontmatterSchema = z
  .object({
    title: z.string().min(10).max(90),
    /** Card text on /blog and the page's meta description. */
    excerpt: z.string().min(70).max(170),
    publishDate: z.coerce.date(),
    updatedDate: z.coerce.date().optional(),
    /** Slugs of the service pages this article relates to (linked under the article). */
    services: z.array(z.enum(serviceSlugs)).min(1).max(4),
  })
  .strict();
