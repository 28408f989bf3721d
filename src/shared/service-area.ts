import { distanceMiles, type LatLng } from "../lib/geo";
import { site } from "../lib/site";

/**
 * Inside the service area: within the radius the site declares around the business's point
 * (site.serviceRadiusMeters around site.geo), the same circle as the structured data's areaServed.
 */
export function insideServiceArea(point: LatLng): boolean {
  return distanceMiles(site.geo, point) * 1609.344 <= site.serviceRadiusMeters;
}
