import { type Locale, localizeHref } from "../i18n/locales";
import { ui } from "../i18n/ui";
import { offeredServices } from "../shared/offered-services";
import { serviceHref } from "../shared/services";
import { site } from "../shared/site";
import { areaHref } from "./area-schema";

/** A link in the header, footer or a service list. */
export interface NavItem {
  name: string;
  href: string;
}

/** The links of the header and footer in one language, each to that language's page. */
export function navigationFor(locale: Locale) {
  const t = ui[locale].nav;
  const at = (href: string) => localizeHref(href, locale);
  const serviceNav: NavItem[] = offeredServices.map((s) => ({
    name: ui[locale].serviceNames[s.slug],
    href: at(serviceHref(s.slug)),
  }));
  return {
    mainNav: [
      { name: t.home, href: at("/") },
      { name: t.areas, href: at("/areas") },
      { name: t.blog, href: at("/blog") },
      { name: t.about, href: at("/about") },
      { name: t.chat, href: at("/chat") },
      { name: t.contact, href: at("/contact") },
    ] satisfies NavItem[],
    serviceNav,
    footerQuickLinks: [
      { name: t.home, href: at("/") },
      { name: t.services, href: at("/services") },
      { name: t.blog, href: at("/blog") },
      { name: t.about, href: at("/about") },
      { name: t.contact, href: at("/contact") },
    ] satisfies NavItem[],
    /** The footer's "Areas We Serve" list: one link per town page (the specification's quick links stay as they are). */
    footerAreaLinks: site.areas.map((name) => ({ name, href: at(areaHref(name)) })) satisfies NavItem[],
  };
}

const english = navigationFor("en");
export const { mainNav, serviceNav, footerQuickLinks, footerAreaLinks } = english;

/** True when `href` is the current page or (for sections) a parent of it. */
export function isCurrent(href: string, path: string): boolean {
  const clean = path.replace(/\/+$/, "") || "/";
  if (href === "/" || href === "/es") return clean === href;
  return clean === href || clean.startsWith(`${href}/`);
}
