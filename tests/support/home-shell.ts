import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { carouselParts, homePageFiller } from "../../server/features/reviews/home-carousel";
import type { Locale } from "../../src/i18n/locales";
import { HOME_SAMPLES_FILE, type HomeSamples, homeSamplesSchema } from "../../src/shared/home-samples";

/** A home page as src/views/Home.astro writes it: the carousel's intro and list empty, marked (the marks are what count). */
export function homeShell(lang: string) {
  return `<!doctype html><html lang="${lang}"><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Stockton 24/7 Towing"}</script></head><body><h2 id="testimonials-title">Title</h2><p class="mt-3 text-lg text-slate-600" data-slot="home-reviews-intro"></p><section aria-roledescription="carousel"><div class="overflow-hidden"><astro-slot><ul class="-ml-4 flex touch-pan-y" data-slot="home-reviews"></ul></astro-slot></div></section><footer data-testid="after-carousel">End of page</footer></body></html>`;
}

/** Seven fixed entries, all samples, as src/pages/home-samples.json.ts writes them. */
const samples = (word: string) =>
  Array.from({ length: 7 }, (_, i) => ({
    name: "Example driver",
    town: "Riverton",
    text: `${word} ${i + 1}: a kind driver who came quickly.`,
    rating: 5,
    sample: true,
  }));

/** The built site's two home pages and the fixed entries beside them, in `root`. */
export function writeHomeSite(root: string) {
  writeFileSync(path.join(root, "index.html"), homeShell("en-US"));
  mkdirSync(path.join(root, "es"), { recursive: true });
  writeFileSync(path.join(root, "es", "index.html"), homeShell("es-US"));
  const data: HomeSamples = { en: samples("Sample"), es: samples("Ejemplo") };
  writeFileSync(path.join(root, HOME_SAMPLES_FILE), JSON.stringify(data));
}

/**
 * A built home page as the server serves it with no review published: the carousel's empty slots
 * filled with the samples the build wrote beside it (what a visitor reads, never the bare shell).
 */
export function homeAsServed(dist: string, locale: Locale): string {
  const samples = homeSamplesSchema.parse(JSON.parse(readFileSync(path.join(dist, HOME_SAMPLES_FILE), "utf8")));
  const { intro, cards } = carouselParts(locale, samples[locale], []);
  const file = path.join(dist, locale === "en" ? "index.html" : `${locale}.html`);
  return homePageFiller(readFileSync(file, "utf8"))({ "home-reviews-intro": intro, "home-reviews": cards });
}
