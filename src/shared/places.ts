import { z } from "zod";
import data from "./places.json" with { type: "json" };

/**
 * The one source of the area's places (src/shared/places.json): the towns served, in the order the
 * site lists them, each with its page's slug, the other spellings drivers type (aliases) and the
 * landmarks that stand in it; the places outside the area a driver may name, with their other
 * spellings; and the highways through the towns. The site's facts (site.ts: `areas`, `highways`)
 * and the chat assistant's entity finder both read them here. Words of a language (Spanish shorthand
 * for a place, say) stay in the assistant's data packs.
 */
const name = z.string().min(1, "a name may not be empty");
export const placesSchema = z.object({
  towns: z
    .array(
      z.object({
        name,
        slug: z.string().regex(/^[a-z0-9-]+$/, "a slug is lower-case letters, digits and hyphens"),
        aliases: z.array(name),
        landmarks: z.array(name),
      }),
    )
    .length(10, "the specification lists ten towns"),
  /** A place outside the area, with its other spellings. */
  outside: z.record(name, z.array(name)),
  highways: z.array(z.string().regex(/^(I|SR)-\d+$/, "a highway is written I-5 or SR-99")).min(1),
});

export type Places = z.infer<typeof placesSchema>;
export const places: Places = placesSchema.parse(data);
