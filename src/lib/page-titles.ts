import { localizedPath } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { offeredServices } from "../shared/offered-services";
import { serviceHref } from "../shared/services";
import { site } from "../shared/site";
import { blogHref } from "./blog";
import type { PageTitles } from "./format-reply";

/** The fixed pages a chat reply may point to, named as their headings name them. */
const fixedPages: Record<string, string> = {
  "/services": "Our Services",
  "/contact": "Contact Us",
  "/chat": "Chat with Us",
  "/about": `About ${site.name}`,
  "/blog": "Towing Tips & Guides Blog",
};

/**
 * Path -> title of every page a chat reply can link to, from the site's own data: the service list
 * and the blog's articles. Written to /page-titles.json at build, which the chat loads once.
 */
export function buildPageTitles(posts: { slug: string; title: string }[]): PageTitles {
  const es = ui.es;
  return {
    ...fixedPages,
    ...Object.fromEntries(offeredServices.map((s) => [serviceHref(s.slug), s.name])),
    ...Object.fromEntries(posts.map((p) => [blogHref(p.slug), p.title])),
    // The Spanish pages, named as their Spanish headings name them (a reply in Spanish may link there).
    "/es/services": es.servicesPage.heading,
    "/es/contact": es.contactPage.heading,
    "/es/chat": es.chatPage.heading,
    "/es/about": fill(es.about.heading, { name: site.name }),
    "/es/blog": es.blogPage.heading,
    ...Object.fromEntries(
      offeredServices.map((s) => [localizedPath(serviceHref(s.slug), "es"), es.serviceNames[s.slug]]),
    ),
  };
}
