import { z } from "zod";

/** Frontmatter of a guide page (src/content/guides/{slug}.md), served at /guides/{slug}. */
export const guideFrontmatterSchema = z
  .object({
    title: z.string().min(10).max(90),
    description: z.string().min(70).max(170),
    lead: z.string().min(40).max(260),
    updatedDate: z.coerce.date(),
  })
  .strict();

export const guideHref = (slug: string) => `/guides/${slug}`;
