import type { Locale } from "../i18n/locales";
import { spanishOffered } from "../shared/languages";
import { findService } from "../shared/services";
import { areaSlug } from "./area-schema";
import { guideEntries, servicePageEntries, townEntries } from "./localized-content";

/**
 * getStaticPaths of the pages made from content, for each language: the English route and its /es/
 * twin call the same function, so both languages have exactly the same pages.
 */
/** A language the business does not offer has no pages of its own (English always is). */
const offers = (locale: Locale) => locale === "en" || spanishOffered;

export async function servicePagePaths(locale: Locale) {
  if (!offers(locale)) return [];
  const pages = await servicePageEntries(locale);
  return pages.map((page) => {
    const service = findService(page.id);
    if (!service) throw new Error(`content/services/${page.id}.md names no known service`);
    return { params: { slug: service.slug }, props: { locale, page, service } };
  });
}

export async function townPagePaths(locale: Locale) {
  if (!offers(locale)) return [];
  const towns = await townEntries(locale);
  return towns.map((town) => {
    if (town.entry && town.id !== areaSlug(town.data.name)) {
      throw new Error(`content/areas/${town.id}.md must be named ${areaSlug(town.data.name)}.md`);
    }
    return { params: { town: town.id }, props: { locale, town } };
  });
}

export async function guidePagePaths(locale: Locale) {
  if (!offers(locale)) return [];
  const guides = await guideEntries(locale);
  return guides.map((guide) => ({ params: { slug: guide.id }, props: { locale, guide } }));
}
