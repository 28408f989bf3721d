import { readdirSync } from "node:fs";
import { localizedPath } from "../../src/i18n/locales";
import { fill, ui } from "../../src/i18n/ui";
import { areaHref } from "../../src/lib/area-schema";
import { serviceHref, services } from "../../src/shared/services";
import { site } from "../../src/shared/site";

/** A public page and the h1 a visitor (or a crawler without JavaScript) must find on it. */
export interface PageRoute {
  path: string;
  h1: string | RegExp;
}

const blogSlugs = readdirSync(new URL("../../business/stockton/content/blog/", import.meta.url))
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3))
  .sort();

export const staticRoutes: PageRoute[] = [
  { path: "/", h1: "Towing Service in Stockton, CA" },
  { path: "/services", h1: "Our Services" },
  { path: "/about", h1: /^About / },
  { path: "/contact", h1: "Contact Us" },
  { path: "/chat", h1: "Chat with Us" },
];

export const serviceRoutes: PageRoute[] = services.map((s) => ({ path: serviceHref(s.slug), h1: s.name }));

export const blogRoutes: PageRoute[] = blogSlugs.length
  ? [{ path: "/blog", h1: /Blog/ }, ...blogSlugs.map((slug) => ({ path: `/blog/${slug}`, h1: /.+/ }))]
  : [];

/** /areas and one page per town of the specification. */
export const areaRoutes: PageRoute[] = [
  { path: "/areas", h1: "Areas We Serve" },
  ...site.areas.map((name) => ({ path: areaHref(name), h1: `Towing and Roadside Help in ${name}, CA` })),
];

export const guideRoutes: PageRoute[] = [{ path: "/guides/after-an-accident", h1: "What to Do After an Accident" }];

/** Every page the sitemap must list and every test of "all routes" walks. */
export const allRoutes: PageRoute[] = [...staticRoutes, ...serviceRoutes, ...areaRoutes, ...guideRoutes, ...blogRoutes];

/**
 * The Spanish twin of every page but the blog articles (/es/...), with its Spanish h1. The blog index
 * is among them: it lists the English articles, marked as English.
 */
const es = ui.es;
export const spanishRoutes: PageRoute[] = [
  { path: "/es", h1: es.home.heroTitle },
  { path: "/es/services", h1: es.servicesPage.heading },
  ...services.map((s) => ({ path: localizedPath(serviceHref(s.slug), "es"), h1: es.serviceNames[s.slug] })),
  { path: "/es/areas", h1: es.areasPage.heading },
  ...site.areas.map((name) => ({
    path: localizedPath(areaHref(name), "es"),
    h1: fill(es.townPage.heading, { town: name }),
  })),
  { path: "/es/guides/after-an-accident", h1: "Qué hacer después de un choque" },
  { path: "/es/blog", h1: es.blogPage.heading },
  { path: "/es/about", h1: fill(es.about.heading, { name: site.name }) },
  { path: "/es/contact", h1: es.contactPage.heading },
  { path: "/es/chat", h1: es.chatPage.heading },
];

/** English pages that have a Spanish twin: every one but the blog articles. */
/**
 * One page of each template: every fixed page, one service, the areas index and one town, the guide,
 * the blog index and one article. Each template renders all its pages from one view, so the per-route
 * browser sweeps (axe, layout, first touch) check this sample in `npm test`, and every route with
 * `npm run test:sweeps-all` (SWEEP_ALL=1), run before a release or after a change to a template.
 */
export const englishTemplateSample: PageRoute[] = [
  ...staticRoutes,
  ...serviceRoutes.slice(0, 1),
  ...areaRoutes.slice(0, 2),
  ...guideRoutes.slice(0, 1),
  ...blogRoutes.slice(0, 2),
];
/** The Spanish twin of each page of the sample (blog articles have none). */
export const spanishTemplateSample: PageRoute[] = spanishRoutes.filter((r) =>
  englishTemplateSample.some((e) => localizedPath(e.path, "es") === r.path),
);
/** Whether the sweeps walk every route (SWEEP_ALL=1) or the template sample. */
export const sweepAll = process.env.SWEEP_ALL === "1";

export const translatedRoutes: PageRoute[] = allRoutes.filter((r) => !/^\/blog\/./.test(r.path));

/** The canonical origin the build was made with (astro.config.mjs reads the same variable). */
export const siteOrigin = process.env.PUBLIC_SITE_URL ?? "https://stocktontowing.example";
