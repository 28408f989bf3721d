import { services } from "../shared/services";
import { withBusinessWords } from "./business-words";
import { about as enAbout } from "./en/about";
import { areas as enAreas } from "./en/areas";
import { articles as enArticles } from "./en/articles";
import { chat as enChat } from "./en/chat";
import { home as enHome } from "./en/home";
import { layout as enLayout } from "./en/layout";
import { requestPage as enRequestPage } from "./en/request-page";
import { reviews as enReviews } from "./en/reviews";
import { serviceRequest as enServiceRequest } from "./en/service-request";
import { services as enServices } from "./en/services";
import { about as esAbout } from "./es/about";
import { areas as esAreas } from "./es/areas";
import { articles as esArticles } from "./es/articles";
import { chat as esChat } from "./es/chat";
import { home as esHome } from "./es/home";
import { layout as esLayout } from "./es/layout";
import { requestPage as esRequestPage } from "./es/request-page";
import { reviews as esReviews } from "./es/reviews";
import { serviceRequest as esServiceRequest } from "./es/service-request";
import { services as esServices } from "./es/services";
import { type Locale, locales } from "./locales";
import type { Shape } from "./shape";

/**
 * Every word of the site's interface, once per language: the layout, buttons, labels, form messages,
 * toasts, the chat's fixed words and the short texts of the fixed pages. Prose (service, town and
 * guide pages, cards) lives in the content collections (src/content, Spanish under es/ folders).
 *
 * The words live in one file per language and area, src/i18n/{en,es}/<area>.ts, which import nothing
 * but types. Values are plain strings, so islands can take their part as props; "{name}" marks a value
 * filled in by `fill`. Each Spanish file is typed as the shape of its English file, so a key missing
 * or extra fails `astro check`, and `assertSameKeys` below fails the build (and tests/unit/i18n.test.ts)
 * if the two ever differ at run time.
 */
const en = {
  ...enLayout,
  ...enHome,
  ...enServices,
  ...enAreas,
  ...enArticles,
  ...enAbout,
  ...enServiceRequest,
  ...enRequestPage,
  ...enReviews,
  ...enChat,
};
export type Dictionary = Shape<typeof en>;

const es: Dictionary = {
  ...esLayout,
  ...esHome,
  ...esServices,
  ...esAreas,
  ...esArticles,
  ...esAbout,
  ...esServiceRequest,
  ...esRequestPage,
  ...esReviews,
  ...esChat,
};

/** Keys present in one dictionary and not in the other ("nav.home"), so a build can say which. */
export function differentKeys(a: object, b: object, prefix = ""): string[] {
  const out: string[] = [];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    const name = `${prefix}${key}`;
    if (x === undefined || y === undefined) out.push(name);
    else if (typeof x === "object" && typeof y === "object" && x && y) out.push(...differentKeys(x, y, `${name}.`));
    else if (typeof x !== typeof y) out.push(name);
  }
  return out;
}

/** Fails the build (this module is loaded by every page) if a key is missing in either language. */
function assertSameKeys(dictionaries: Record<Locale, Dictionary>) {
  for (const locale of locales) {
    const missing = differentKeys(dictionaries.en, dictionaries[locale]);
    if (missing.length) throw new Error(`src/i18n/${locale}/: "${locale}" and "en" differ in ${missing.join(", ")}`);
  }
}

/**
 * Fails the build if an English service name is not the specification's (src/shared/services.ts):
 * the form sends that name, and the server accepts only those.
 */
function assertServiceNames(dictionary: Dictionary) {
  for (const s of services) {
    const name = (dictionary.serviceNames as Record<string, string>)[s.slug];
    if (name !== s.name) throw new Error(`src/i18n/en/services.ts: serviceNames["${s.slug}"] must be "${s.name}"`);
  }
}

export const ui: Record<Locale, Dictionary> = { en: withBusinessWords(en, "en"), es: withBusinessWords(es, "es") };
assertSameKeys(ui);
assertServiceNames(en);

/** Fills "{name}" marks from `values`; a mark with no value stays as it is (the tests catch it). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (mark, key: string) => (key in values ? String(values[key]) : mark));
}

/**
 * A service as one language names it. Requests store the specification's English name (the form's
 * value, what the owner reads); a driver reads it in the request's language. A name that is not one
 * of the ten (an old row) is shown as stored.
 */
export function serviceNameIn(locale: Locale, storedName: string): string {
  const slug = services.find((s) => s.name === storedName)?.slug;
  return slug ? ui[locale].serviceNames[slug] : storedName;
}
