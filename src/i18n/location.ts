import { location as en, type LocationWords } from "./en/location";
import { location as es } from "./es/location";
import type { Locale } from "./locales";

/** The location words by language (src/i18n/{en,es}/location.ts). */
export const locationWords: Record<Locale, LocationWords> = { en, es };
export type { LocationWords };
