import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type Locale, locales, localizedPath } from "../../../src/i18n/locales";
import { carouselContent } from "../../../src/shared/home-carousel";
import { HOME_SAMPLES_FILE, type HomeSamples, homeSamplesSchema } from "../../../src/shared/home-samples";
import { CAROUSEL_PLACES } from "../../../src/shared/review";
import { TestimonialCardItems } from "../../../src/shared/testimonial-card";
import type { FixedTestimonial, PublishedReview } from "../../../src/shared/testimonials";
import type { Db } from "../../db/client";
import { compress } from "../../http-encoding";
import { cutShell } from "../../shared/slotted-shell";
import type { SiteFiles } from "../../site-files";
import { publishedReviews } from "./store";

/**
 * The home pages (English and Spanish) with the published reviews in the carousel. The pages are
 * built with the carousel's intro and list empty, marked `data-slot="home-reviews-intro"` and
 * `data-slot="home-reviews"` (src/views/Home.astro); the server cuts each page once at its slots
 * (cutShell) and fills them with the cards of the most recent published reviews, then the business's
 * fixed entries (samples) only in the places left (src/shared/testimonials.ts), which the build writes
 * as data (dist/home-samples.json). Every card is rendered by the same React component
 * (TestimonialCardItem), as static HTML: a driver's words are React text, never markup.
 *
 * Filled pages are kept, compressed, until a review goes on or off the website on this server
 * (invalidate(): a publish, an unpublish, a driver's edit or withdrawn consent, a deletion; never a
 * save that changed nothing shown), and at most CACHE_MS, so a change made on another server sharing
 * the database shows within a minute. However many visitors come, one rebuild serves them all.
 */

export const HOME_CAROUSEL_CACHE_MS = 60_000;

const SLOTS = ["home-reviews-intro", "home-reviews"] as const;
const HOME_PAGE = { name: "home page", view: "src/views/Home.astro" };

export interface FilledPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A built home page ready to fill: its filler and the fixed entries of its language. */
interface HomeShell {
  fill: (parts: Record<(typeof SLOTS)[number], string>) => string;
  samples: readonly FixedTestimonial[];
}

const toPublished = (r: Awaited<ReturnType<typeof publishedReviews>>[number]): PublishedReview => ({
  id: r.id,
  stars: r.stars,
  comment: r.comment,
  language: r.language,
  firstName: r.firstName,
  town: r.town,
  createdAt: r.createdAt.toISOString(),
});

/** The carousel's intro and cards for one language as markup: the published reviews first, then the fixed entries left. */
export function carouselParts(
  locale: Locale,
  samples: readonly FixedTestimonial[],
  published: readonly PublishedReview[],
) {
  const { intro, cards, strings, samplesShown } = carouselContent(locale, samples, published);
  return {
    intro: renderToStaticMarkup(createElement(Fragment, null, intro)),
    cards: renderToStaticMarkup(createElement(TestimonialCardItems, { cards, strings })),
    samplesShown,
  };
}

/** The filler of a built home page's two slots (the intro's words, the list's cards), cut once. */
export const homePageFiller = (html: string): HomeShell["fill"] => cutShell(html, SLOTS, HOME_PAGE);

/** The built site's fixed entries (dist/home-samples.json), read when a home page has its slots. */
function readSamples(root: string): HomeSamples {
  const file = path.join(root, HOME_SAMPLES_FILE);
  if (!existsSync(file)) {
    throw new Error(
      `The built site must hold ${HOME_SAMPLES_FILE} (src/pages/home-samples.json.ts): run \`npm run build\`.`,
    );
  }
  return homeSamplesSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** The built home pages with their slots, by language; a site without them (an API-only test's) has none. */
function homeShells(site: SiteFiles): Map<Locale, HomeShell> {
  const shells = new Map<Locale, HomeShell>();
  let samples: HomeSamples | undefined;
  for (const locale of locales) {
    const file = site.routes.get(localizedPath("/", locale));
    if (!file?.endsWith(".html") || !existsSync(path.join(site.root, file))) continue;
    const html = readFileSync(path.join(site.root, file), "utf8");
    if (!html.includes(`data-slot="${SLOTS[1]}"`)) continue;
    samples ??= readSamples(site.root);
    shells.set(locale, { fill: homePageFiller(html), samples: samples[locale] });
  }
  return shells;
}

export interface HomeCarousel {
  /** The filled pages by address ("/", "/es"); only those the built site has marks in. */
  pages: Map<string, () => Promise<FilledPage>>;
  /** Forgets the filled pages: the next visitor gets the reviews as they are now. */
  invalidate(): void;
}

export interface HomeCarouselOptions {
  db: Db;
  site: SiteFiles;
  cacheMs?: number;
  clock?: () => number;
  /** Told at each rebuild (a read of the reviews and three renderings per page): tests count them. */
  onRebuilt?: () => void;
}

export function homeCarousel(opts: HomeCarouselOptions): HomeCarousel {
  const cacheMs = opts.cacheMs ?? HOME_CAROUSEL_CACHE_MS;
  const clock = opts.clock ?? Date.now;
  const shells = homeShells(opts.site);
  let cached: { at: number; pages: Promise<Map<Locale, FilledPage>> } | undefined;

  const fill = async (): Promise<Map<Locale, FilledPage>> => {
    opts.onRebuilt?.();
    const published = (await publishedReviews(opts.db, CAROUSEL_PLACES)).map(toPublished);
    const pages = new Map<Locale, FilledPage>();
    for (const [locale, shell] of shells) {
      const { intro, cards } = carouselParts(locale, shell.samples, published);
      const identity = Buffer.from(shell.fill({ "home-reviews-intro": intro, "home-reviews": cards }), "utf8");
      pages.set(locale, {
        etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
        identity,
        br: await compress(identity, "br", "best"),
        gzip: await compress(identity, "gzip", "best"),
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
  for (const locale of shells.keys()) {
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

declare module "fastify" {
  interface FastifyInstance {
    /** The home pages with the published reviews (the static site serves them). Absent without a database. */
    homeCarousel?: HomeCarousel;
  }
}

/** The carousel as a plugin: it forgets its filled pages whenever a review goes on or off the website. */
async function homeCarouselPlugin(app: FastifyInstance, opts: HomeCarouselOptions) {
  const carousel = homeCarousel(opts);
  app.domainEvents.on("reviews.changed", () => carousel.invalidate());
  app.decorate("homeCarousel", carousel);
}

export default fp(homeCarouselPlugin, { name: "home-carousel", dependencies: ["domain-events"] });
