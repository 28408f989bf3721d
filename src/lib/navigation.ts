import { areaHref } from "./area-schema";
import { serviceHref, services } from "./services";
import { site } from "./site";

/** A link in the header, footer or a service list. */
export interface NavItem {
  name: string;
  href: string;
}

export const mainNav: NavItem[] = [
  { name: "Home", href: "/" },
  { name: "Areas", href: "/areas" },
  { name: "Blog", href: "/blog" },
  { name: "About", href: "/about" },
  { name: "Chat with Us", href: "/chat" },
  { name: "Contact", href: "/contact" },
];

export const serviceNav: NavItem[] = services.map((s) => ({ name: s.name, href: serviceHref(s.slug) }));

export const footerQuickLinks: NavItem[] = [
  { name: "Home", href: "/" },
  { name: "Services", href: "/services" },
  { name: "Blog", href: "/blog" },
  { name: "About", href: "/about" },
  { name: "Contact", href: "/contact" },
];

/** The footer's "Areas We Serve" list: one link per town page (the specification's quick links stay as they are). */
export const footerAreaLinks: NavItem[] = site.areas.map((name) => ({ name, href: areaHref(name) }));

/** True when `href` is the current page or (for sections) a parent of it. */
export function isCurrent(href: string, path: string): boolean {
  const clean = path.replace(/\/+$/, "") || "/";
  if (href === "/") return clean === "/";
  return clean === href || clean.startsWith(`${href}/`);
}
