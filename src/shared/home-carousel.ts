import type { Locale } from "../i18n/locales";
import { ui } from "../i18n/ui";
import { CAROUSEL_PLACES } from "./review";
import { site as business } from "./site";
import type { TestimonialCardStrings } from "./testimonial-card";
import {
  carouselIntro,
  type FixedTestimonial,
  fixedCard,
  fixedPlacesLeft,
  type PublishedReview,
  reviewCard,
  type TestimonialCard,
} from "./testimonials";

/** What the home page's carousel holds on a page in one language, before it is drawn. */
export interface CarouselContent {
  /** The line under the heading. */
  intro: string;
  cards: TestimonialCard[];
  strings: TestimonialCardStrings;
  samplesShown: number;
}

/**
 * The carousel's intro and cards for one language: the published reviews first, then the fixed entries
 * in the places left. The server fills the built home pages with it (server/features/reviews/home-carousel.ts),
 * and `astro dev`, which has no server, fills its own page with it (src/views/Home.astro).
 */
export function carouselContent(
  locale: Locale,
  samples: readonly FixedTestimonial[],
  published: readonly PublishedReview[],
): CarouselContent {
  const t = ui[locale].home;
  const words = {
    writtenIn: ui[locale].reviews.carousel.writtenIn,
    introSample: t.testimonialsSample,
    introMixed: ui[locale].reviews.carousel.mixedIntro,
    introReal: t.testimonialsReal,
  };
  const real = published.slice(0, CAROUSEL_PLACES).map((r) => reviewCard(locale, r, words, business.timeZone));
  const kept = samples.slice(0, fixedPlacesLeft(real.length)).map(fixedCard);
  const samplesShown = kept.filter((c) => c.sample).length;
  return {
    intro: carouselIntro(real.length, samplesShown, words),
    cards: [...real, ...kept],
    strings: { rating: t.rating, sampleName: t.sampleName, sampleNote: t.sampleNote },
    samplesShown,
  };
}
