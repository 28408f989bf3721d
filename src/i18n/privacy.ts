import { privacy as en, type PrivacyWords } from "./en/privacy";
import { privacy as es } from "./es/privacy";
import type { Locale } from "./locales";

/** The privacy notice's words by language (src/i18n/{en,es}/privacy.ts). */
export const privacyWords: Record<Locale, PrivacyWords> = { en, es };
export type { PrivacyWords };
