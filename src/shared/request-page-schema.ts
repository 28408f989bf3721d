import { z } from "zod";
import { type Locale, locales } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { MAX_CANCEL_REASON_LENGTH } from "./request-page";
import { isStorableText } from "./service-request-schema";

/**
 * "I no longer need help": an optional reason, as typed. Empty or only spaces is no reason. The page's
 * field has the same limit (maxLength), so only a hand-made request meets this schema's refusal, said
 * in the request's language like the rest of its page.
 */
function cancelRequestSchemaFor(locale: Locale) {
  const t = ui[locale];
  return z.object({
    reason: z
      .string()
      .refine(isStorableText, { message: t.validation.unstorable })
      .pipe(
        z
          .string()
          .trim()
          .max(MAX_CANCEL_REASON_LENGTH, {
            message: fill(t.requestPage.reasonTooLong, { max: MAX_CANCEL_REASON_LENGTH }),
          }),
      )
      .optional()
      .transform((value) => (value ? value : undefined)),
  });
}

export const cancelRequestSchemas = Object.fromEntries(
  locales.map((locale) => [locale, cancelRequestSchemaFor(locale)]),
) as Record<Locale, ReturnType<typeof cancelRequestSchemaFor>>;
