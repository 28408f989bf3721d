import { z } from "zod";
import { locales } from "../i18n/locales";

/**
 * The home carousel's fixed entries (the business's content/testimonials.json, each in the page's
 * language, at most the carousel's places) as the build writes them (src/pages/home-samples.json.ts)
 * and the server reads them at start (server/features/reviews/home-carousel.ts), which renders them
 * with the same React card as the published reviews: the server reads them as data, never out of the
 * built page. Pure (zod only), so the server imports it. The file is server-only: never served.
 */
export const HOME_SAMPLES_FILE = "home-samples.json";

const fixedTestimonialSchema = z.object({
  name: z.string(),
  town: z.string(),
  text: z.string(),
  rating: z.number().int().min(1).max(5),
  sample: z.boolean(),
});

export const homeSamplesSchema = z.object(
  Object.fromEntries(locales.map((locale) => [locale, z.array(fixedTestimonialSchema)])) as Record<
    (typeof locales)[number],
    z.ZodArray<typeof fixedTestimonialSchema>
  >,
);
export type HomeSamples = z.infer<typeof homeSamplesSchema>;
