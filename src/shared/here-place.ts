import { z } from "zod";
import type { LocationWords } from "../i18n/en/location";

/**
 * The place a caller types on the /here/{token} page when their phone gives no position ("I-5 north,
 * past the March Lane exit"): one line of text, stored as the request's history line and shown to the
 * desk as text. Long enough for a street, a cross street and a landmark; short enough to read at a glance.
 */
export const MAX_HERE_PLACE_LENGTH = 200;

/** Where the page's script sends a typed place as JSON; without JavaScript the form posts to the page itself. */
export const herePlacePath = (token: string) => `/api/here/${token}/place`;

/**
 * `{place}` from the page's form (JSON or a plain form post), with one language's words: spaces, tabs
 * and line breaks become one space (it is one line on the desk), then it must say something and fit.
 */
export function herePlaceSchemaFor(words: Pick<LocationWords["here"], "placeMissing" | "placeTooLong">) {
  const tooLong = words.placeTooLong.replace("{max}", MAX_HERE_PLACE_LENGTH.toLocaleString("en-US"));
  return z.object({
    place: z
      .string({ required_error: words.placeMissing, invalid_type_error: words.placeMissing })
      .transform((text) => text.replace(/[\s\p{Cc}]+/gu, " ").trim())
      .pipe(z.string().min(1, words.placeMissing).max(MAX_HERE_PLACE_LENGTH, tooLong)),
  });
}
export type HerePlace = z.infer<ReturnType<typeof herePlaceSchemaFor>>;
