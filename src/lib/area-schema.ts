import { z } from "zod";
import { business } from "../shared/business";
import { services } from "../shared/services";
import { site } from "../shared/site";

const serviceSlugs = services.map((s) => s.slug) as [string, ...string[]];
const townNames = site.areas as [string, ...string[]];
const highwayNames = site.highways as [string, ...string[]];

/**
 * Frontmatter of a town page (src/content/areas/{slug}.md). Every fact here is one we could check:
 * coordinates (from business.json) give the distance and direction from the business; a police number is listed only
 * where an official source shows it.
 */
export const areaFrontmatterSchema = z
  .object({
    /** The town's name, spelled as in src/shared/site.ts (the specification's list). */
    name: z.enum(townNames),
    /** Meta description of the page. */
    description: z.string().min(70).max(170),
    /** One or two sentences under the heading. */
    lead: z.string().min(40).max(260),
    /** Freeways and state highways through or next to the town, from the one list in src/shared/site.ts. */
    highways: z.array(z.enum(highwayNames)).min(1).max(6),
    /** The services drivers there ask about most, most relevant first. */
    services: z.array(z.enum(serviceSlugs)).min(3).max(6),
    /** The local police non-emergency line, only where an official source confirms it. */
    police: z
      .object({
        agency: z.string().min(5),
        display: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/),
        e164: z.string().regex(/^\+1\d{10}$/),
      })
      .strict()
      .optional(),
  })
  .strict()
  // The town's centre comes from business.json (its towns list), the one place it is written.
  .transform((area) => ({ ...area, ...townCentre(area.name) }));

function townCentre(name: string): { latitude: number; longitude: number } {
  const town = business.towns.find((t) => t.name === name);
  return { latitude: town?.latitude ?? Number.NaN, longitude: town?.longitude ?? Number.NaN };
}

export type AreaFrontmatter = z.infer<typeof areaFrontmatterSchema>;

/** A town page in another language (src/content/areas/es/{slug}.md): its words only; the facts stay in English's. */
export const areaProseSchema = z
  .object({
    description: z.string().min(70).max(170),
    lead: z.string().min(40).max(260),
    /** The police agency's name in this language, where the English entry lists a police line. */
    policeAgency: z.string().min(5).optional(),
  })
  .strict();

/** The URL slug of a town: "Two Words" -> "two-words". */
export const areaSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
export const areaHref = (name: string) => `/areas/${areaSlug(name)}`;
