import type { SiteFiles } from "../../site-files";

/**
 * The pages an event may name: every page of the built site, the two 404 pages, and the driver's
 * request page by its template (/request, /es/request: the layout never names the token). An event
 * from any other path is refused, so the table can only ever hold the site's own pages.
 */
export function countablePages(site: SiteFiles): Set<string> {
  const pages = new Set<string>();
  for (const [url, file] of site.routes) if (file.endsWith(".html")) pages.add(url);
  if (site.notFoundPage) pages.add("/404");
  if (site.spanishNotFoundPage) pages.add("/es/404");
  // The request page is always served (from its shell), whatever else the build holds.
  pages.add("/request");
  pages.add("/es/request");
  return pages;
}
