import { z } from "zod";
import { services } from "./services";

/**
 * What a business's `business.json` must hold (business/NAME/business.json, chosen by BUSINESS_DIR).
 * The messages are written for the owner who edits the file, not for a programmer: each says what is
 * wrong and what a right value looks like. `describeBusinessErrors` turns zod's issues into one line per
 * mistake, naming the key ("towns → 2 → latitude").
 */
const text = (what: string) => z.string({ required_error: `${what} is missing` }).min(1, `${what} may not be empty`);
const latitude = z
  .number({ required_error: "the latitude is missing", invalid_type_error: "a latitude is a number like 37.9577" })
  .min(-90, "a latitude lies between -90 and 90")
  .max(90, "a latitude lies between -90 and 90");
const longitude = z
  .number({ required_error: "the longitude is missing", invalid_type_error: "a longitude is a number like -121.2908" })
  .min(-180, "a longitude lies between -180 and 180")
  .max(180, "a longitude lies between -180 and 180");
const point = z.object({ latitude, longitude }).strict();
const slug = z
  .string({ required_error: "the slug (the town's web address, like mountain-house) is missing" })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a slug is lower-case letters and digits joined by hyphens, like mountain-house");
const highway = z.string().regex(/^(I|SR|US)-\d+$/, "a highway is written like I-5, US-50 or SR-99");
const serviceSlugs = services.map((s) => s.slug) as [string, ...string[]];

const town = z
  .object({
    name: text("the town's name"),
    slug,
    latitude,
    longitude,
    /** Other spellings drivers type ("mtn house"): the chat understands them. */
    aliases: z.array(text("an alias")).default([]),
    /** Places in the town drivers name instead of the town ("Weber Point"): the chat understands them. */
    landmarks: z.array(text("a landmark")).default([]),
  })
  .strict();

export const businessSchema = z
  .object({
    name: text("the business's name"),
    tagline: text("the tagline (one line under the name)"),
    phone: z
      .object({
        display: text("the phone number as people read it, like (209) 555-0100,"),
        e164: z
          .string({ required_error: "the phone number for dialing (e164) is missing" })
          .regex(/^\+1\d{10}$/, "e164 is the number for dialing: +1 and the 10 digits, no spaces, like +12095550100"),
      })
      .strict(),
    email: z.string().email("the e-mail must be a full address, like dispatch@yourbusiness.com"),
    /** Where privacy requests go (the /privacy page names it). */
    privacyEmail: z.string().email("privacyEmail must be a full address, like privacy@yourbusiness.com"),
    /** The web address used when PUBLIC_SITE_URL is not set (canonical links, sitemap, JSON-LD). */
    siteUrl: z.string().url("siteUrl is the site's address, like https://www.yourbusiness.com"),
    address: z
      .object({
        street: text("the street address"),
        city: text("the city"),
        region: z.string().length(2, "region is the two-letter state, like CA"),
        postalCode: z.string().regex(/^\d{5}$/, "postalCode is the 5-digit ZIP code"),
        country: z.string().length(2, "country is the two-letter code, like US"),
      })
      .strict(),
    /** The business's own map point: distances and directions on the town pages start here. */
    position: point,
    /** ISO 3166-2 code for the geo.region meta tag. */
    geoRegion: z.string().regex(/^[A-Z]{2}-[A-Z]{2}$/, "geoRegion is country and state, like US-CA"),
    locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, "locale is written like en_US"),
    /** IANA zone the business keeps its clock in: times shown to the owner are in it. */
    timeZone: z.string().refine(isTimeZone, "timeZone is a zone name like America/Los_Angeles or America/Denver"),
    /** `confirmedByOwner` stays false until the owner has checked the year: launch-check lists it until then. */
    foundingYear: z
      .object({
        year: z
          .number()
          .int("the founding year is a whole year, like 2010")
          .min(1900, "the founding year is after 1900"),
        confirmedByOwner: z.boolean({ invalid_type_error: "confirmedByOwner is true or false" }),
      })
      .strict(),
    priceRange: z.string().regex(/^\${1,4}$/, "priceRange is one to four dollar signs, like $$"),
    serviceRadiusMeters: z
      .number()
      .int("serviceRadiusMeters is a whole number of meters, like 30000")
      .positive("serviceRadiusMeters must be more than 0"),
    /** The centre of the service circle (schema.org GeoCircle.geoMidpoint). */
    serviceAreaCenter: point,
    towns: z.array(town).min(1, "list at least one town served"),
    /** Places outside the area a driver may name, with their other spellings: the chat says "outside". */
    placesOutside: z.record(text("a place's name"), z.array(text("an alias"))).default({}),
    highways: z.array(highway).min(1, "list at least one highway"),
    services: z
      .array(z.enum(serviceSlugs, { message: `a service is one of: ${serviceSlugs.join(", ")}` }))
      .min(1, "list at least one service offered"),
    languages: z
      .array(z.enum(["en", "es"], { message: 'a language is "en" or "es"' }))
      .refine((l) => l.includes("en"), 'languages must include "en"'),
    /** Who makes the chat assistant, named in the footer's credit line. */
    chatVendor: z
      .object({
        name: text("the chat vendor's name"),
        href: z.string().url("chatVendor.href is a web address"),
      })
      .strict(),
  })
  .strict()
  .superRefine(uniqueTowns);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function uniqueTowns(b: { towns: { name: string; slug: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [i, t] of b.towns.entries()) {
    for (const key of [t.name.toLowerCase(), `slug:${t.slug}`]) {
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["towns", i], message: `${t.name} is listed twice` });
      seen.add(key);
    }
  }
}

export type Business = z.infer<typeof businessSchema>;
export type BusinessInput = z.input<typeof businessSchema>;

/** One line per mistake, naming where it is: "towns → 2 → latitude: a latitude lies between -90 and 90". */
export function describeBusinessErrors(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.length ? i.path.join(" → ") : "the file";
      const message =
        i.code === "unrecognized_keys" ? `unknown key(s) ${i.keys.join(", ")}: check the spelling` : i.message;
      return `  ${where}: ${message}`;
    })
    .join("\n");
}

/** Checks a business.json's content; throws an error the owner can act on, naming the file. */
export function parseBusiness(data: unknown, file = "business.json"): Business {
  const result = businessSchema.safeParse(data);
  if (result.success) return result.data;
  throw new Error(`${file} has mistakes to fix:\n${describeBusinessErrors(result.error)}`);
}
