import type { ChatKnowledge } from "./chat-knowledge-schema";
import { distanceMiles, type LatLng } from "./geo";

/**
 * Which of the towns served a point is nearest to, and how far: worked
 * out here with the haversine distance (src/shared/geo.ts), never by an outside geocoder. The towns and
 * their coordinates are the area pages' frontmatter (src/content/areas/*.md), as the build exposes them.
 */
export interface Town extends LatLng {
  name: string;
}

export interface NearestTown {
  town: string;
  /** Straight-line distance to the town's centre. */
  km: number;
  miles: number;
}

const KM_PER_MILE = 1.609344;

/** The nearest town to a point, or undefined when there are no towns to compare with. */
export function nearestTown(point: LatLng, towns: readonly Town[]): NearestTown | undefined {
  let best: { town: Town; miles: number } | undefined;
  for (const town of towns) {
    const miles = distanceMiles(point, town);
    if (!best || miles < best.miles) best = { town, miles };
  }
  if (!best) return undefined;
  return {
    town: best.town.name,
    miles: Math.round(best.miles * 10) / 10,
    km: Math.round(best.miles * KM_PER_MILE * 10) / 10,
  };
}

/**
 * The towns with a page of their own, from the build's knowledge file (the area pages' validated
 * frontmatter: name, latitude, longitude). A page without numeric coordinates is left out.
 */
export function townsOf(knowledge: Pick<ChatKnowledge, "pages">): Town[] {
  return knowledge.pages.flatMap((page) => {
    if (page.collection !== "areas") return [];
    const { name, latitude, longitude } = page.data;
    return typeof name === "string" && typeof latitude === "number" && typeof longitude === "number"
      ? [{ name, latitude, longitude }]
      : [];
  });
}
