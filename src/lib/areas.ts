import { type AreaFrontmatter, areaHref } from "./area-schema";
import { type Compass, compassDirection, distanceMiles } from "./geo";
import { site } from "./site";

/** Where a town lies from downtown Stockton (the business's address), in whole miles. */
export interface FromStockton {
  miles: number;
  direction: Compass;
}

export function fromStockton(area: Pick<AreaFrontmatter, "latitude" | "longitude">): FromStockton | undefined {
  const miles = Math.round(distanceMiles(site.geo, area));
  if (miles < 1) return undefined;
  return { miles, direction: compassDirection(site.geo, area) };
}

/** "About 12 miles north of downtown Stockton", or the home-town line for Stockton itself. */
export function fromStocktonLabel(area: Pick<AreaFrontmatter, "latitude" | "longitude">): string {
  const where = fromStockton(area);
  return where
    ? `About ${where.miles} miles ${where.direction} of downtown Stockton (straight line)`
    : "Our dispatch is based in downtown Stockton";
}

/** The town pages in the specification's order (the order of site.areas). */
export function inSiteOrder<T extends { data: { name: string } }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => site.areas.indexOf(a.data.name) - site.areas.indexOf(b.data.name));
}

export { areaHref };
