import { readdirSync } from "node:fs";
import { areaHref } from "../../src/lib/area-schema";
import { serviceHref, services } from "../../src/lib/services";
import { site } from "../../src/lib/site";

/** A public page and the h1 a visitor (or a crawler without JavaScript) must find on it. */
export interface PageRoute {
  path: string;
  h1: string | RegExp;
}

const blogSlugs = readdirSync(new URL("../../src/content/blog/", import.meta.url))
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

/** The canonical origin the build was made with (astro.config.mjs reads the same variable). */
export const siteOrigin = process.env.PUBLIC_SITE_URL ?? "https://stocktontowing.example";
