import { getCollection } from "astro:content";
import type { APIRoute } from "astro";
import { serviceHref, services } from "@/lib/services";
import { type SitemapEntry, sitemapXml } from "@/lib/sitemap";

/** Every public page. tests/e2e checks this against the pages the build actually wrote. */
export const GET: APIRoute = async ({ site }) => {
  const posts = (await getCollection("blog")).sort((a, b) => +b.data.publishDate - +a.data.publishDate);
  const entries: SitemapEntry[] = [
    { path: "/" },
    { path: "/services" },
    ...services.map((s) => ({ path: serviceHref(s.slug) })),
    { path: "/blog", lastmod: posts[0]?.data.publishDate },
    ...posts.map((p) => ({ path: `/blog/${p.id}`, lastmod: p.data.updatedDate ?? p.data.publishDate })),
    { path: "/about" },
    { path: "/contact" },
    { path: "/chat" },
  ];
  return new Response(sitemapXml(entries, site ?? "https://stocktontowing.example"), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
