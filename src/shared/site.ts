import { z } from "zod";
import { mapSearchHref, telHrefFor } from "./links";
import { places } from "./places";

/**
 * The one source of truth for every fact about the business. Pages, JSON-LD, the server and the
 * chat assistant all read it from here, so nothing is typed twice. The phone, e-mail and street
 * address are fictional placeholders (555-01xx numbers, .example domains) until the owner supplies
 * real ones.
 */
const siteSchema = z.object({
  name: z.string().min(1),
  tagline: z.string().min(1),
  phone: z.object({
    display: z.string().min(1),
    /** E.164, used in tel: links and JSON-LD. */
    e164: z.string().regex(/^\+1\d{10}$/),
  }),
  email: z.string().email(),
  address: z.object({
    street: z.string().min(1),
    city: z.string().min(1),
    region: z.string().length(2),
    postalCode: z.string().regex(/^\d{5}$/),
    country: z.string().length(2),
  }),
  geo: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  /** ISO 3166-2 code for the geo.region meta tag. */
  geoRegion: z.string().regex(/^[A-Z]{2}-[A-Z]{2}$/),
  /**
   * The year the business started, shown on /about and in the structured data. `confirmedByOwner`
   * stays false until the owner has checked it: `npm run launch-check` lists it until then.
   */
  foundingYear: z.object({ year: z.number().int().min(1900), confirmedByOwner: z.boolean() }),
  /** IANA zone the business keeps its clock in: times shown to the owner are in it. */
  timeZone: z.string().min(1),
  hours: z.object({ label: z.literal("Available 24/7"), opens: z.literal("00:00"), closes: z.literal("23:59") }),
  priceRange: z.string().min(1),
  serviceRadiusMeters: z.number().int().positive(),
  /** The centre of the structured data's service circle (schema.org GeoCircle.geoMidpoint). */
  serviceAreaCenter: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  areas: z.array(z.string().min(1)).length(10),
  /** The freeways and state highways through the towns served: the one list every page names. */
  highways: z.array(z.string().regex(/^(I|SR)-\d+$/)).min(1),
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/),
  /** Who makes the chat assistant, named in the footer's credit line (the specification asks for one). */
  chatVendor: z.object({ name: z.string().min(1), href: z.string().url() }),
});

export type Site = z.infer<typeof siteSchema>;

export const site: Site = siteSchema.parse({
  name: "Stockton 24/7 Towing",
  tagline: "Local towing and roadside assistance, day and night",
  phone: { display: "(209) 555-0142", e164: "+12095550142" },
  email: "dispatch@stocktontowing.example",
  address: { street: "1420 Waterfront Way", city: "Stockton", region: "CA", postalCode: "95202", country: "US" },
  geo: { latitude: 37.9577, longitude: -121.2908 },
  geoRegion: "US-CA",
  foundingYear: { year: 2010, confirmedByOwner: false },
  timeZone: "America/Los_Angeles",
  hours: { label: "Available 24/7", opens: "00:00", closes: "23:59" },
  priceRange: "$$",
  // The specification's radius. Centred on the business's map point above it would leave Mountain
  // House (30.2 km away) outside, so the circle has its own centre, a little west of downtown, from
  // which every town served lies within 28 km (tests/unit/area-pages.test.ts checks it).
  serviceRadiusMeters: 30000,
  serviceAreaCenter: { latitude: 37.965, longitude: -121.347 },
  // The towns and highways are the area's places (src/shared/places.json), which the chat reads too.
  areas: places.towns.map((t) => t.name),
  highways: places.highways,
  locale: "en_US",
  // The built-in assistant understands messages with nlp.js (its intent classifier and stemmers;
  // MiniSearch only quotes article passages); name the vendor of an outside bot here instead when
  // CHAT_WEBHOOK_URL sends the chat to one.
  chatVendor: { name: "nlp.js", href: "https://github.com/axa-group/nlp.js" },
});

export const telHref = telHrefFor(site.phone.e164);
/** The service radius as US drivers measure it (30,000 m is about 19 miles). */
export const serviceRadiusMiles = Math.round(site.serviceRadiusMeters / 1609.344);
/** The highways served, as a sentence names them: "I-5, SR-99, ... and SR-88". */
export const highwayList = `${site.highways.slice(0, -1).join(", ")} and ${site.highways.at(-1)}`;
export const mailtoHref = `mailto:${site.email}`;
export const fullAddress = `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;
/** Opens the address in whatever maps app the phone prefers (Google Maps' universal link). */
export const mapsHref = mapSearchHref(fullAddress);
