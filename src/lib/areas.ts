import type { Locale } from "../i18n/locales";
import { fill, ui } from "../i18n/ui";
import { type Compass, compassDirection, distanceMiles } from "../shared/geo";
import { site } from "../shared/site";
import { type AreaFrontmatter, areaHref } from "./area-schema";

/** Where a town lies from downtown Centerville (the business's address), in whole miles. */
interface FromCentre {
  miles: number;
  direction: Compass;
}

export function fromCentre(area: Pick<AreaFrontmatter, "latitude" | "longitude">): FromCentre | undefined {
  const miles = Math.round(distanceMiles(site.geo, area));
  if (miles < 1) return undefined;
  return { miles, direction: compassDirection(site.geo, area) };
}

/** "About 12 miles north of downtown Centerville", or the home-town line for Centerville itself. */
export function fromCentreLabel(area: Pick<AreaFrontmatter, "latitude" | "longitude">, locale: Locale = "en"): string {
  const t = ui[locale].areasPage;
  const where = fromCentre(area);
  return where ? fill(t.fromCentre, { miles: where.miles, direction: t[where.direction] }) : t.homeTown;
}

/** The town pages in the specification's order (the order of site.areas). */
export function inSiteOrder<T extends { data: { name: string } }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => site.areas.indexOf(a.data.name) - site.areas.indexOf(b.data.name));
}

export { areaHref };
