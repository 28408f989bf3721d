import { business } from "../shared/business";
import { getCollection } from "astro:content";
import type { APIRoute } from "astro";
import { areaHref, inSiteOrder } from "@/lib/areas";
import { guideHref } from "@/lib/guide-schema";
import { type SitemapEntry, sitemapXml } from "@/lib/sitemap";
import { serviceHref, services } from "@/shared/services";

/** Every public page. tests/e2e checks this against the pages the build actually wrote. */
export const GET: APIRoute = async ({ site }) => {
  const posts = (await getCollection("blog")).sort((a, b) => +b.data.publishDate - +a.data.publishDate);
  const towns = inSiteOrder(await getCollection("areas"));
  const guides = await getCollection("guides");
  // Every page but the blog articles is in English and in Spanish (/es/...): both are listed, each naming the other.
  const entries: SitemapEntry[] = [
    { path: "/", translated: true },
    { path: "/services", translated: true },
    ...services.map((s) => ({ path: serviceHref(s.slug), translated: true })),
    { path: "/areas", translated: true },
    ...towns.map((t) => ({ path: areaHref(t.data.name), translated: true })),
    ...guides.map((g) => ({ path: guideHref(g.id), lastmod: g.data.updatedDate, translated: true })),
    { path: "/blog", lastmod: posts[0]?.data.publishDate, translated: true },
    ...posts.map((p) => ({ path: `/blog/${p.id}`, lastmod: p.data.updatedDate ?? p.data.publishDate })),
    { path: "/about", translated: true },
    { path: "/contact", translated: true },
    { path: "/chat", translated: true },
  ];
  return new Response(sitemapXml(entries, site ?? business.siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
