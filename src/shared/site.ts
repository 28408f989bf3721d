import { business } from "./business";
import { mapSearchHref, telHrefFor } from "./links";
import { places } from "./places";

/**
 * The facts every page, the JSON-LD, the server and the chat assistant read, in the shape they use:
 * all of them come from the business's own file (business/NAME/business.json, src/shared/business.ts),
 * so nothing about the business is written in code.
 */
export interface Site {
  name: string;
  tagline: string;
  /** `e164` is used in tel: links and JSON-LD. */
  phone: { display: string; e164: string };
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  geo: { latitude: number; longitude: number };
  /** ISO 3166-2 code for the geo.region meta tag. */
  geoRegion: string;
  /** Shown on /about and in the structured data; launch-check lists it until `confirmedByOwner`. */
  foundingYear: { year: number; confirmedByOwner: boolean };
  /** IANA zone the business keeps its clock in: times shown to the owner are in it. */
  timeZone: string;
  hours: { label: "Available 24/7"; opens: "00:00"; closes: "23:59" };
  priceRange: string;
  serviceRadiusMeters: number;
  /** The centre of the structured data's service circle (schema.org GeoCircle.geoMidpoint). */
  serviceAreaCenter: { latitude: number; longitude: number };
  /** The towns served, in the order the site lists them. */
  areas: string[];
  /** The freeways and state highways through the towns served: the one list every page names. */
  highways: string[];
  locale: string;
  /** Who makes the chat assistant, named in the footer's credit line (the specification asks for one). */
  chatVendor: { name: string; href: string };
}

export const site: Site = {
  name: business.name,
  tagline: business.tagline,
  phone: business.phone,
  email: business.email,
  address: business.address,
  geo: business.position,
  geoRegion: business.geoRegion,
  foundingYear: business.foundingYear,
  timeZone: business.timeZone,
  // The site promises round-the-clock help (the specification's words): a business that keeps other
  // hours is not one this site is made for.
  hours: { label: "Available 24/7", opens: "00:00", closes: "23:59" },
  priceRange: business.priceRange,
  serviceRadiusMeters: business.serviceRadiusMeters,
  serviceAreaCenter: business.serviceAreaCenter,
  areas: places.towns.map((t) => t.name),
  highways: places.highways,
  locale: business.locale,
  chatVendor: business.chatVendor,
};

export const telHref = telHrefFor(site.phone.e164);
/** The service radius as US drivers measure it, in whole miles. */
export const serviceRadiusMiles = Math.round(site.serviceRadiusMeters / 1609.344);
/** The highways served, as a sentence names them: "I-5, SR-99, ... and SR-88". */
export const highwayList = `${site.highways.slice(0, -1).join(", ")} and ${site.highways.at(-1)}`;
export const mailtoHref = `mailto:${site.email}`;
export const fullAddress = `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;
/** Opens the address in whatever maps app the phone prefers (Google Maps' universal link). */
export const mapsHref = mapSearchHref(fullAddress);
