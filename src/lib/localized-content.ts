import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../i18n/locales";
import { localizeHref } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { business } from "../shared/business";
import { spanishOffered } from "../shared/languages";
import { isOffered, offeredServices } from "../shared/offered-services";
import { CAROUSEL_PLACES } from "../shared/review";
import { fromCentreLabel } from "./areas";

/**
 * The one reader of the content collections for both languages: the pages, the assistant's knowledge
 * (English) and, through the build, the tests read the site's words here. English entries are the
 * truth for facts; a Spanish entry (content/{folder}/es/, content/es/*.json) carries the
 * words and is paired with its English twin by id. A twin missing on either side fails the build.
 */

function twins<E extends { id: string }, S extends { id: string }>(what: string, en: E[], es: S[]) {
  // A business in English only writes no Spanish: its /es/ pages are built from the English words and
  // removed after the build (astro.config.mjs), so nothing here may stop the build.
  if (!spanishOffered) return en.map((e) => ({ en: e, es: e as unknown as S }));
  const byId = new Map(es.map((e) => [e.id, e]));
  const missing = en.filter((e) => !byId.has(e.id)).map((e) => e.id);
  const extra = es.filter((e) => !en.some((x) => x.id === e.id)).map((e) => e.id);
  if (missing.length || extra.length) {
    throw new Error(
      `${what}: Spanish entries must match the English ones` +
        (missing.length ? `; missing in Spanish: ${missing.join(", ")}` : "") +
        (extra.length ? `; no English twin: ${extra.join(", ")}` : ""),
    );
  }
  return en.map((e) => ({ en: e, es: byId.get(e.id) as S }));
}

/** The ten service pages: the entry to render and its frontmatter, in the given language. */
export async function servicePageEntries(locale: Locale) {
  // A page written for a service the business does not offer is not built.
  const en = (await getCollection("servicePages")).filter((entry) => isOffered(entry.id));
  if (locale === "en") return en.map((entry) => ({ id: entry.id, entry, data: entry.data }));
  const es = (await getCollection("servicePagesEs")).filter((entry) => isOffered(entry.id));
  return twins("content/services/es", en, es).map(({ es }) => ({
    id: es.id,
    entry: es as CollectionEntry<"servicePages"> | CollectionEntry<"servicePagesEs">,
    data: es.data,
  }));
}

/**
 * A town page in one language: the entry to render, and its frontmatter with the English entry's facts.
 * A town of business.json with no page written yet has no entry: its page says only what its facts say.
 */
interface TownEntry {
  id: string;
  entry?: CollectionEntry<"areas"> | CollectionEntry<"areasEs">;
  data: CollectionEntry<"areas">["data"];
}

/** Every town of business.json, in its order: its written page where there is one, its facts where not. */
export async function townEntries(locale: Locale): Promise<TownEntry[]> {
  const written = await writtenTownEntries(locale);
  return business.towns.map(
    (town) => written.find((w) => w.data.name === town.name) ?? { id: town.slug, data: townFacts(town, locale) },
  );
}

/** A town's page from its facts alone: where it lies from the business, the highways, the services. */
function townFacts(town: (typeof business.towns)[number], locale: Locale): TownEntry["data"] {
  const t = ui[locale].townPage;
  const where = fromCentreLabel(town, locale).replace(/\.$/, "");
  const highways = business.highways.slice(0, 6);
  const and = locale === "es" ? " y " : " and ";
  const highwayList =
    highways.length > 1 ? `${highways.slice(0, -1).join(", ")}${and}${highways.at(-1)}` : highways.join("");
  return {
    name: town.name,
    latitude: town.latitude,
    longitude: town.longitude,
    description: fill(t.factsDescription, { town: town.name, where, name: business.name }),
    lead: fill(t.factsLead, { where, highways: highwayList }),
    highways,
    services: offeredServices.slice(0, 6).map((s) => s.slug) as TownEntry["data"]["services"],
    police: undefined,
  };
}

async function writtenTownEntries(locale: Locale): Promise<TownEntry[]> {
  const en = await getCollection("areas");
  if (locale === "en") return en.map((entry) => ({ id: entry.id, entry, data: entry.data }));
  return twins("content/areas/es", en, await getCollection("areasEs")).map(({ en, es }) => {
    const { policeAgency, ...words } = es.data;
    if (Boolean(en.data.police) !== Boolean(policeAgency)) {
      throw new Error(
        `content/areas/es/${en.id}.md: policeAgency must be given exactly where the English page lists police`,
      );
    }
    const police = en.data.police && { ...en.data.police, agency: policeAgency ?? en.data.police.agency };
    return {
      id: en.id,
      entry: es as CollectionEntry<"areas"> | CollectionEntry<"areasEs">,
      data: { ...en.data, ...words, police },
    };
  });
}

/** The guides (/guides/{slug}), in the given language. */
export async function guideEntries(locale: Locale) {
  const en = await getCollection("guides");
  if (locale === "en") return en.map((entry) => ({ id: entry.id, entry, data: entry.data }));
  return twins("content/guides/es", en, await getCollection("guidesEs")).map(({ es }) => ({
    id: es.id,
    entry: es as CollectionEntry<"guides"> | CollectionEntry<"guidesEs">,
    data: es.data,
  }));
}

/**
 * A list of cards in the page's language: the English card's facts, the Spanish twin's words, and
 * every link (the card's and its guide's) to the page of the same language.
 */
function localizeCards<
  D extends { href: string; guide?: { label: string; href: string } },
  W extends { guideLabel?: string },
>(
  locale: Locale,
  file: string,
  en: { id: string; data: D }[],
  es: { id: string; data: W }[],
  wordsOf: (words: W) => Partial<D>,
) {
  const pairs = locale === "es" ? twins(file, en, es) : [];
  return en.map((card, i) => {
    const words = pairs[i]?.es.data;
    const data = card.data;
    const guide = data.guide && {
      label: words?.guideLabel ?? data.guide.label,
      href: localizeHref(data.guide.href, locale),
    };
    return { ...data, ...(words ? wordsOf(words) : {}), href: localizeHref(data.href, locale), guide };
  });
}

/** The home page's six cards, their links to pages of the same language. */
export async function serviceCardData(locale: Locale) {
  const es = locale === "es" ? await getCollection("serviceCardsEs") : [];
  return localizeCards(locale, "content/es/service-cards.json", await getCollection("serviceCards"), es, (w) => ({
    title: w.title,
    description: w.description,
    alt: w.alt,
  }));
}

/** The /services cards, in the given language. */
export async function serviceOverviewData(locale: Locale) {
  const es = locale === "es" ? await getCollection("serviceOverviewEs") : [];
  return localizeCards(locale, "content/es/service-overview.json", await getCollection("serviceOverview"), es, (w) => ({
    title: w.title,
    description: w.description,
    features: w.features,
  }));
}

/** The testimonials; a Spanish page shows each one's Spanish text. */
export async function testimonialData(locale: Locale) {
  const en = await getCollection("testimonials");
  if (locale === "en") return en.map((t) => t.data);
  return twins("content/es/testimonials.json", en, await getCollection("testimonialsEs")).map(({ en, es }) => ({
    ...en.data,
    text: es.data.text,
  }));
}

/** The home carousel's fixed entries in `locale`, at most its places (the build writes them to dist/home-samples.json). */
export const homeSamples = async (locale: Locale) => (await testimonialData(locale)).slice(0, CAROUSEL_PLACES);
