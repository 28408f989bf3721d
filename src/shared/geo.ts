/** Straight-line distance and compass direction between two points, for the town pages. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** Within `meters` of `center` (a service circle). */
export function insideCircle(point: LatLng, center: LatLng, meters: number): boolean {
  return distanceMiles(center, point) * 1609.344 <= meters;
}

const POINTS = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"] as const;
export type Compass = (typeof POINTS)[number];

/** The eight-point compass direction from `from` to `to` (initial bearing). */
export function compassDirection(from: LatLng, to: LatLng): Compass {
  const y = Math.sin(rad(to.longitude - from.longitude)) * Math.cos(rad(to.latitude));
  const x =
    Math.cos(rad(from.latitude)) * Math.sin(rad(to.latitude)) -
    Math.sin(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.cos(rad(to.longitude - from.longitude));
  const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return POINTS[Math.round(bearing / 45) % 8] as Compass;
}
