import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type Locale, locales, localizedPath } from "../../../src/i18n/locales";
import { ui } from "../../../src/i18n/ui";
import { CAROUSEL_PLACES } from "../../../src/shared/review";
import { site as business } from "../../../src/shared/site";
import { TestimonialCardItem } from "../../../src/shared/testimonial-card";
import { carouselIntro, fixedPlacesLeft, type PublishedReview, reviewCard } from "../../../src/shared/testimonials";
import type { Db } from "../../db/client";
import type { SiteFiles } from "../../site-files";
import { publishedReviews } from "./store";

/**
 * The home pages (English and Spanish) with the published reviews in the carousel. The pages are
 * built once, with samples; here the server cuts each built page at its two marks (the intro's
 * `data-slot="home-reviews-intro"` and the list's `data-slot="home-reviews"`, src/views/Home.astro) and
 * puts in the cards of the most recent published reviews, keeping the built cards (the samples) only
 * in the places left (src/shared/testimonials.ts). A review's card is rendered by the same React
 * component as the build's cards, as static HTML: a driver's words are React text, never markup.
 *
 * Filled pages are kept, compressed, until a review goes on or off the website on this server
 * (invalidate(): a publish, an unpublish, a driver's edit or withdrawn consent, a deletion; never a
 * save that changed nothing shown), and at most CACHE_MS, so a change made on another server sharing
 * the database shows within a minute. However many visitors come, one rebuild serves them all.
 */

export const HOME_CAROUSEL_CACHE_MS = 60_000;

const INTRO_MARK = 'data-slot="home-reviews-intro"';
const LIST_MARK = 'data-slot="home-reviews"';

export interface FilledPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface CutPage {
  /** Up to the intro's text; from the intro's end to inside the list; from the list's end. */
  head: string;
  middle: string;
  tail: string;
  /** The built cards, in order, and whether each is a sample. */
  builtCards: { html: string; sample: boolean }[];
}

/** The built page cut at its marks, or undefined for a page without them (an API-only test's). */
export function cutHomePage(html: string): CutPage | undefined {
  const intro = html.indexOf(INTRO_MARK);
  const list = html.indexOf(LIST_MARK);
  if (intro < 0 || list < 0 || list < intro) return undefined;
  const introStart = html.indexOf(">", intro) + 1;
  const introEnd = html.indexOf("</p>", introStart);
  const listStart = html.indexOf(">", list) + 1;
  // The cards hold no list of their own: the list ends at the first </ul>.
  const listEnd = html.indexOf("</ul>", list);
  if (introEnd < 0 || listStart > listEnd || listEnd < 0 || introEnd > list) return undefined;
  const builtCards = [...html.slice(listStart, listEnd).matchAll(/<li\b[^>]*>[\s\S]*?<\/li>/g)].map((m) => ({
    html: m[0],
    sample: /^<li\b[^>]*\bdata-sample="true"/.test(m[0]),
  }));
  return {
    head: html.slice(0, introStart),
    middle: html.slice(introEnd, listStart),
    tail: html.slice(listEnd),
    builtCards,
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const toPublished = (r: Awaited<ReturnType<typeof publishedReviews>>[number]): PublishedReview => ({
  id: r.id,
  stars: r.stars,
  comment: r.comment,
  language: r.language,
  firstName: r.firstName,
  town: r.town,
  createdAt: r.createdAt.toISOString(),
});

/** The carousel's intro and cards for one language: the published reviews first, then the built cards left. */
export function carouselParts(locale: Locale, cut: CutPage, published: readonly PublishedReview[]) {
  const t = ui[locale].home;
  const words = {
    writtenIn: ui[locale].reviews.carousel.writtenIn,
    introSample: t.testimonialsSample,
    introMixed: ui[locale].reviews.carousel.mixedIntro,
    introReal: t.testimonialsReal,
  };
  const strings = { rating: t.rating, sampleName: t.sampleName, sampleNote: t.sampleNote };
  const real = published
    .slice(0, CAROUSEL_PLACES)
    .map((r) =>
      renderToStaticMarkup(
        createElement(TestimonialCardItem, { card: reviewCard(locale, r, words, business.timeZone), strings }),
      ),
    );
  const kept = cut.builtCards.slice(0, fixedPlacesLeft(real.length));
  const samplesShown = kept.filter((c) => c.sample).length;
  return {
    // The intro's words as React text, into the built <p>.
    intro: renderToStaticMarkup(createElement(Fragment, null, carouselIntro(real.length, samplesShown, words))),
    cards: [...real, ...kept.map((c) => c.html)].join(""),
    samplesShown,
  };
}

export interface HomeCarousel {
  /** The filled pages by address ("/", "/es"); only those the built site has marks in. */
  pages: Map<string, () => Promise<FilledPage>>;
  /** Forgets the filled pages: the next visitor gets the reviews as they are now. */
  invalidate(): void;
}

export function homeCarousel(opts: {
  db: Db;
  site: SiteFiles;
  cacheMs?: number;
  clock?: () => number;
  /** Told at each rebuild (a read of the reviews and three renderings per page): tests count them. */
  onRebuilt?: () => void;
}): HomeCarousel {
  const cacheMs = opts.cacheMs ?? HOME_CAROUSEL_CACHE_MS;
  const clock = opts.clock ?? Date.now;
  const cuts = new Map<Locale, CutPage>();
  for (const locale of locales) {
    const file = opts.site.routes.get(localizedPath("/", locale));
    // A site without the home page's file (a test's few pages) has no carousel to fill.
    if (!file?.endsWith(".html") || !existsSync(path.join(opts.site.root, file))) continue;
    const cut = cutHomePage(readFileSync(path.join(opts.site.root, file), "utf8"));
    if (cut) cuts.set(locale, cut);
  }
  let cached: { at: number; pages: Promise<Map<Locale, FilledPage>> } | undefined;

  const fill = async (): Promise<Map<Locale, FilledPage>> => {
    opts.onRebuilt?.();
    const published = (await publishedReviews(opts.db, CAROUSEL_PLACES)).map(toPublished);
    const pages = new Map<Locale, FilledPage>();
    for (const [locale, cut] of cuts) {
      const { intro, cards } = carouselParts(locale, cut, published);
      const identity = Buffer.from(`${cut.head}${intro}${cut.middle}${cards}${cut.tail}`, "utf8");
      pages.set(locale, {
        etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
        identity,
        br: await brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: await gzipped(identity, { level: 9 }),
      });
    }
    return pages;
  };

  const current = () => {
    const now = clock();
    if (!cached || now - cached.at >= cacheMs) {
      const pages = fill();
      const entry = { at: now, pages };
      cached = entry;
      // A failed read is not kept: the next visitor tries again.
      pages.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.pages;
  };

  const pages = new Map<string, () => Promise<FilledPage>>();
  for (const locale of cuts.keys()) {
    pages.set(localizedPath("/", locale), async () => {
      const page = (await current()).get(locale);
      if (!page) throw new Error(`no filled home page for ${locale}`);
      return page;
    });
  }
  return {
    pages,
    invalidate: () => {
      cached = undefined;
    },
  };
}
