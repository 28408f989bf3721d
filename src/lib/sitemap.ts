import { languageTag, locales, localizedPath } from "../i18n/locales";

/** The pages of the site that search engines should know about, with when they last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
  /**
   * True when the page exists in every language (every page but the blog articles): the sitemap then
   * lists each language's address and names them all to each other (hreflang, with x-default English).
   */
  translated?: boolean;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function sitemapXml(entries: SitemapEntry[], origin: URL | string): string {
  const href = (path: string) => escapeXml(new URL(path, origin).href);
  const urls = entries.flatMap(({ path, lastmod, translated }) => {
    const mod = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    if (!translated) return [`  <url><loc>${href(path)}</loc>${mod}</url>`];
    const links = [
      ...locales.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${languageTag[l]}" href="${href(localizedPath(path, l))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(localizedPath(path, "en"))}"/>`,
    ].join("");
    return locales.map((l) => `  <url><loc>${href(localizedPath(path, l))}</loc>${mod}${links}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
