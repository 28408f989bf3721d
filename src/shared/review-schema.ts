import { z } from "zod";
import { type Locale, languageTag, locales } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { MAX_REVIEW_COMMENT_LENGTH } from "./review";
import { isStorableText } from "./service-request-schema";

/**
 * A driver's review as the request page sends it: from the island as JSON (stars a number, consent a
 * boolean) or from the plain form (stars "1" to "5", consent "on" only when ticked, absent otherwise).
 * The answers are in the request's language, like the rest of its page.
 */
function reviewSchemaFor(locale: Locale) {
  const t = ui[locale];
  const words = t.reviews;
  return z.object({
    stars: z.preprocess(
      (v) => (typeof v === "string" && /^[1-5]$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ message: words.starsRequired })
        .int({ message: words.starsRequired })
        .min(1, { message: words.starsRequired })
        .max(5, { message: words.starsRequired }),
    ),
    comment: z
      .string({ message: words.unreadable })
      .refine(isStorableText, { message: t.validation.unstorable })
      .pipe(
        z
          .string()
          .trim()
          .max(MAX_REVIEW_COMMENT_LENGTH, {
            // "1,000" in English (a bare "1000" reads as a code), written as the language writes numbers.
            message: fill(words.commentTooLong, { max: MAX_REVIEW_COMMENT_LENGTH.toLocaleString(languageTag[locale]) }),
          }),
      )
      .optional()
      .transform((value) => value ?? ""),
    /** Unticked unless the driver ticked it: a form sends "on" only then; JSON says true. */
    consent: z
      .union([z.boolean(), z.literal("on"), z.literal("true")], { message: words.unreadable })
      .optional()
      .transform((value) => value === true || value === "on" || value === "true"),
  });
}

export const reviewSchemas = Object.fromEntries(locales.map((locale) => [locale, reviewSchemaFor(locale)])) as Record<
  Locale,
  ReturnType<typeof reviewSchemaFor>
>;
export type ReviewInput = z.infer<ReturnType<typeof reviewSchemaFor>>;

/** The desk's review action: the review's id in the path. */
export const reviewIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
