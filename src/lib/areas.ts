import type { Locale } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { type Compass, compassDirection, distanceMiles } from "../shared/geo";
import { site } from "../shared/site";
import { type AreaFrontmatter, areaHref } from "./area-schema";

/** Where a town lies from downtown Centerville (the business's address), in whole miles. */
interface FromStockton {
  miles: number;
  direction: Compass;
}

export function fromStockton(area: Pick<AreaFrontmatter, "latitude" | "longitude">): FromStockton | undefined {
  const miles = Math.round(distanceMiles(site.geo, area));
  if (miles < 1) return undefined;
  return { miles, direction: compassDirection(site.geo, area) };
}

/** "About 12 miles north of downtown Centerville", or the home-town line for Centerville itself. */
export function fromStocktonLabel(
  area: Pick<AreaFrontmatter, "latitude" | "longitude">,
  locale: Locale = "en",
): string {
  const t = ui[locale].areasPage;
  const where = fromStockton(area);
  return where ? fill(t.fromStockton, { miles: where.miles, direction: t[where.direction] }) : t.homeTown;
}

/** The town pages in the specification's order (the order of site.areas). */
export function inSiteOrder<T extends { data: { name: string } }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => site.areas.indexOf(a.data.name) - site.areas.indexOf(b.data.name));
}

export { areaHref };
