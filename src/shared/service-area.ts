import { insideCircle, type LatLng } from "./geo";
import { site } from "./site";

/**
 * Inside the service area: within the radius the site declares around the area's centre
 * (site.serviceRadiusMeters around site.serviceAreaCenter), the same circle as the structured data's areaServed.
 */
export function insideServiceArea(point: LatLng): boolean {
  return insideCircle(point, site.serviceAreaCenter, site.serviceRadiusMeters);
}
