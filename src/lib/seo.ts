import { type Locale, localizeHref } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { business } from "../shared/business";
import { type Service, serviceHref, serviceImage } from "../shared/services";
import { fullAddress, site } from "../shared/site";

/** Absolute URL for a path on the site's canonical origin (no trailing slash except the root). */
export function absoluteUrl(path: string, origin: string | URL): string {
  const clean = path === "/" ? "/" : path.replace(/\/+$/, "");
  return new URL(clean, origin).href;
}

export const ogImagePath = "/og-image.png";
export const ogImageSize = { width: 1200, height: 630 } as const;

const dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function businessId(origin: string | URL) {
  return `${absoluteUrl("/", origin)}#business`;
}

/**
 * The business as schema.org sees it. schema.org has no towing type, so AutomotiveBusiness
 * (a LocalBusiness subtype). No ratings or reviews: Google ignores self-serving ones here.
 */
export function businessJsonLd(origin: string | URL, locale: Locale = "en") {
  return {
    "@context": "https://schema.org",
    "@type": "AutomotiveBusiness",
    "@id": businessId(origin),
    name: site.name,
    description: ui[locale].home.description,
    url: absoluteUrl("/", origin),
    telephone: site.phone.e164,
    email: site.email,
    image: absoluteUrl(ogImagePath, origin),
    logo: absoluteUrl(serviceImage("tow-truck"), origin),
    priceRange: site.priceRange,
    foundingDate: String(site.foundingYear.year),
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    areaServed: [
      {
        "@type": "GeoCircle",
        geoMidpoint: {
          "@type": "GeoCoordinates",
          latitude: site.serviceAreaCenter.latitude,
          longitude: site.serviceAreaCenter.longitude,
        },
        geoRadius: site.serviceRadiusMeters,
      },
      ...site.areas.map((name) => ({ "@type": "City", name: `${name}, ${site.address.region}` })),
    ],
    // The dispatchers take calls, and the site answers, in the business's languages.
    knowsLanguage: business.languages.map((l) => `${l}-US`),
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: dayNames,
        opens: site.hours.opens,
        closes: site.hours.closes,
      },
    ],
  };
}

/** The page as schema.org sees it: its address, title and language, about the business. */
export function webPageJsonLd(
  page: { url: string; name: string; description: string; inLanguage: string },
  origin: string | URL,
) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": page.url,
    url: page.url,
    name: page.name,
    description: page.description,
    inLanguage: page.inLanguage,
    about: { "@id": businessId(origin) },
  };
}

export function serviceJsonLd(service: Service, description: string, origin: string | URL, locale: Locale = "en") {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: ui[locale].serviceNames[service.slug],
    serviceType: ui[locale].serviceNames[service.slug],
    description,
    url: absoluteUrl(localizeHref(serviceHref(service.slug), locale), origin),
    image: absoluteUrl(serviceImage(service.image), origin),
    provider: { "@id": businessId(origin) },
    areaServed: site.areas.map((name) => ({ "@type": "City", name: `${name}, ${site.address.region}` })),
    availableChannel: {
      "@type": "ServiceChannel",
      servicePhone: { "@type": "ContactPoint", telephone: site.phone.e164, contactType: "dispatch" },
      serviceUrl: absoluteUrl(localizeHref("/contact", locale), origin),
    },
    hoursAvailable: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: dayNames,
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
  };
}

/**
 * A town page: the business's towing and roadside service, offered in that one town. It names the
 * business only by its @id, so every page points at the same AutomotiveBusiness node.
 */
export function townServiceJsonLd(
  town: { name: string; path: string; description: string },
  origin: string | URL,
  locale: Locale = "en",
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: fill(ui[locale].townPage.jsonLdName, { town: town.name, region: site.address.region }),
    serviceType: "Towing",
    description: town.description,
    url: absoluteUrl(town.path, origin),
    provider: { "@id": businessId(origin) },
    areaServed: { "@type": "City", name: `${town.name}, ${site.address.region}` },
    availableChannel: {
      "@type": "ServiceChannel",
      servicePhone: { "@type": "ContactPoint", telephone: site.phone.e164, contactType: "dispatch" },
      serviceUrl: absoluteUrl(town.path, origin),
    },
  };
}

interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string | URL) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path, origin),
    })),
  };
}

interface ArticleFacts {
  title: string;
  description: string;
  path: string;
  published: Date;
  modified?: Date;
}

export function blogPostingJsonLd(a: ArticleFacts, origin: string | URL) {
  const url = absoluteUrl(a.path, origin);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: a.title,
    description: a.description,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    image: absoluteUrl(ogImagePath, origin),
    datePublished: a.published.toISOString(),
    dateModified: (a.modified ?? a.published).toISOString(),
    inLanguage: "en-US",
    author: { "@type": "Organization", name: site.name, url: absoluteUrl("/", origin) },
    publisher: {
      "@type": "Organization",
      name: site.name,
      url: absoluteUrl("/", origin),
      logo: { "@type": "ImageObject", url: absoluteUrl(serviceImage("tow-truck"), origin) },
    },
  };
}

/**
 * Serialises JSON-LD for a <script> element. `<` is escaped so no string in the data can close
 * the script element, whatever it contains.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export { fullAddress };
