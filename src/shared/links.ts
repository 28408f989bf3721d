/**
 * Links built from what a person typed: a phone number to call and a place to look up. Pure, so the
 * pages, the owner's alerts and the desk build them the same way.
 */

/** A `tel:` link for a number as typed ("(209) 555-0100" -> "tel:+12095550100"); US numbers get +1. */
export function telHrefFor(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** Opens a search for the place in whatever maps app the phone prefers (Google Maps' universal link). */
export function mapSearchHref(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

/** OpenStreetMap's embeddable view around a point, with a marker on it (the footer's map). */
export function osmEmbedUrl(latitude: number, longitude: number, span = 0.02): string {
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].map((n) => n.toFixed(4));
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox.join("%2C")}&layer=mapnik&marker=${latitude}%2C${longitude}`;
}
