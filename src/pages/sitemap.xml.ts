import { getCollection } from "astro:content";
import type { APIRoute } from "astro";
import { areaHref } from "@/lib/areas";
import { guideHref } from "@/lib/guide-schema";
import { type SitemapEntry, sitemapXml } from "@/lib/sitemap";
import { spanishOffered } from "@/shared/languages";
import { offeredServices } from "@/shared/offered-services";
import { serviceHref } from "@/shared/services";
import { business } from "../shared/business";

/** Every public page. tests/e2e checks this against the pages the build actually wrote. */
export const GET: APIRoute = async ({ site }) => {
  const posts = (await getCollection("blog")).sort((a, b) => +b.data.publishDate - +a.data.publishDate);
  const guides = await getCollection("guides");
  // Every page but the blog articles is in English and in Spanish (/es/...): both are listed, each naming the other.
  const entries: SitemapEntry[] = [
    { path: "/", translated: spanishOffered },
    { path: "/services", translated: spanishOffered },
    ...offeredServices.map((s) => ({ path: serviceHref(s.slug), translated: spanishOffered })),
    { path: "/areas", translated: spanishOffered },
    ...business.towns.map((t) => ({ path: areaHref(t.name), translated: spanishOffered })),
    ...guides.map((g) => ({ path: guideHref(g.id), lastmod: g.data.updatedDate, translated: spanishOffered })),
    { path: "/blog", lastmod: posts[0]?.data.publishDate, translated: spanishOffered },
    ...posts.map((p) => ({ path: `/blog/${p.id}`, lastmod: p.data.updatedDate ?? p.data.publishDate })),
    { path: "/about", translated: spanishOffered },
    { path: "/contact", translated: spanishOffered },
    { path: "/chat", translated: spanishOffered },
  ];
  return new Response(sitemapXml(entries, site ?? business.siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
