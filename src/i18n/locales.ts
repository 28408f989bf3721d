/**
 * The site's two languages and how their addresses pair: English at the root, Spanish under /es/
 * (Astro's i18n routing, astro.config.mjs). Pure, so the pages, the server and the tests share it.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** <html lang>, hreflang and JSON-LD inLanguage. */
export const languageTag: Record<Locale, string> = { en: "en-US", es: "es-US" };
/** Open Graph's og:locale. */
export const ogLocale: Record<Locale, string> = { en: "en_US", es: "es_US" };
/** The language's own name, as the language switch offers it. */
export const languageName: Record<Locale, string> = { en: "English", es: "Español" };
/** How the owner's desk, CSV and alerts name the language a driver wrote in (always in English). */
export const languageForOwner: Record<Locale, string> = { en: "English", es: "Spanish" };

/**
 * The site's language a browser prefers most (its Accept-Language header), English when it names
 * neither: for answers about something whose language is not known (a request page that does not exist).
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale {
  let best: Locale = defaultLocale;
  let bestWeight = 0;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const [tag = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const language = tag.split("-")[0];
    if (!isLocale(language)) continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    // The first of equal weights wins: the browser lists its languages in its order of preference.
    if (weight > bestWeight) {
      best = language;
      bestWeight = weight;
    }
  }
  return best;
}

/** The locale of a site path: "/es" and "/es/..." are Spanish, everything else English. */
export function localeOfPath(path: string): Locale {
  return path === "/es" || path.startsWith("/es/") ? "es" : "en";
}

/** The path without its language prefix: "/es/services" -> "/services", "/es" -> "/". */
export function unlocalizedPath(path: string): string {
  if (localeOfPath(path) === "en") return path;
  return path.slice(3) || "/";
}

/** A root-relative path of the English site in the given language: ("/services", "es") -> "/es/services". */
export function localizedPath(path: string, locale: Locale): string {
  const base = unlocalizedPath(path);
  if (locale === defaultLocale) return base;
  return base === "/" ? `/${locale}` : `/${locale}${base}`;
}

/** Rewrites the root-relative links of one language to the other (a hash or a query is kept). */
export function localizeHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? "" : href.slice(cut);
  return `${localizedPath(path || "/", locale)}${rest}`;
}
