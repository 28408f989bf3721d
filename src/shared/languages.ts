import { business } from "./business";

/**
 * Whether the site is in Spanish too (business.json's `languages`). A business in English only has no
 * /es/ pages (the build removes them: astro.config.mjs), no language switch, no hreflang twins and no
 * Spanish chat.
 */
export const spanishOffered = business.languages.includes("es");
