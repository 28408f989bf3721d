import { type Locale, languageTag } from "../i18n/locales";
import { CAROUSEL_PLACES } from "./review";

/**
 * What the home page's carousel shows in its seven places: the most recent published reviews in
 * their own words, then the site's fixed entries (src/content/testimonials.json, samples labelled as
 * examples) only in the places left. The build writes the fixed entries as data (dist/home-samples.json)
 * and the page with the carousel empty; the server fills it at request time, reviews first
 * (server/features/reviews/home-carousel.ts).
 */

/** An entry of src/content/testimonials.json, its text in the page's language. */
export interface FixedTestimonial {
  name: string;
  town: string;
  text: string;
  rating: number;
  /** Written for the site, not a customer's review: the card says so and names no one. */
  sample: boolean;
}

/** A published review, as the carousel may show it: the driver's words, first name and town, stars and date. */
export interface PublishedReview {
  id: number;
  stars: number;
  comment: string;
  language: Locale;
  firstName: string;
  town: string | null;
  /** ISO. */
  createdAt: string;
}

/** One card of the carousel. */
export interface TestimonialCard {
  key: string;
  stars: number;
  text: string;
  sample: boolean;
  name: string;
  town: string | null;
  /** A real review's date: ISO, and as the page writes it. */
  date?: { iso: string; label: string };
  /** A review in another language than the page's: its lang attribute. */
  lang?: string;
  /** The label naming the language it was written in, where the page shows one. */
  languageLabel?: string;
}

export interface CarouselWords {
  /** The label of a review, naming the language it was written in ("Written in Spanish"). */
  writtenIn: Record<Locale, string>;
  introSample: string;
  introMixed: string;
  introReal: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateIn = (locale: Locale, timeZone: string) => {
  const key = `${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTag[locale], { timeZone, dateStyle: "medium" });
    dateFormats.set(key, format);
  }
  return format;
};

/**
 * A published review's card on a page in `locale`: in its own words, with the date on the business's
 * clock. The Spanish pages name every review's language; the English ones only another language's.
 */
export function reviewCard(
  locale: Locale,
  r: PublishedReview,
  words: Pick<CarouselWords, "writtenIn">,
  timeZone: string,
): TestimonialCard {
  return {
    key: `review-${r.id}`,
    stars: r.stars,
    text: r.comment,
    sample: false,
    name: r.firstName,
    town: r.town,
    date: { iso: r.createdAt, label: dateIn(locale, timeZone).format(new Date(r.createdAt)) },
    ...(r.language !== locale ? { lang: languageTag[r.language] } : {}),
    ...(locale !== "en" || r.language !== locale ? { languageLabel: words.writtenIn[r.language] } : {}),
  };
}

export const fixedCard = (f: FixedTestimonial, index: number): TestimonialCard => ({
  key: `fixed-${index}`,
  stars: f.rating,
  text: f.text,
  sample: f.sample,
  name: f.name,
  town: f.town,
});

/** How many fixed entries are shown beside `publishedCount` published reviews: the places left. */
export const fixedPlacesLeft = (publishedCount: number) => Math.max(0, CAROUSEL_PLACES - publishedCount);

/** The line under the heading: samples only, real reviews and examples side by side, or real ones only. */
export function carouselIntro(realCount: number, samplesShown: number, words: CarouselWords): string {
  if (samplesShown === 0) return words.introReal;
  return realCount === 0 ? words.introSample : words.introMixed;
}

/** How many samples the home page shows with `publishedCount` published reviews (npm run launch-check). */
export function samplesShownWith(publishedCount: number, fixed: readonly Pick<FixedTestimonial, "sample">[]): number {
  return fixed.slice(0, fixedPlacesLeft(publishedCount)).filter((f) => f.sample).length;
}
