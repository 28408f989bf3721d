import type { APIRoute } from "astro";

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap.xml", site).href;
  // The owner's desk is private: kept out of crawlers' way (it also says noindex itself).
  return new Response(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /desk\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
