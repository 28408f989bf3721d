import { z } from "zod";
import type { LocationWords } from "../i18n/en/location";
import { coordinate } from "./fix-line";
import { insideServiceArea } from "./service-area";

export { coordinate, readableFix } from "./fix-line";

/**
 * A position a driver's phone gave (the browser's geolocation): what the form, the desk's phone-in
 * request and the /here link send, and what the server stores. The ranges are the planet's and the
 * browser's: anything else is refused with a message naming the field.
 */
export const MAX_ACCURACY_METERS = 10_000;

/** Where each sent request came from: the public form, the chat, or a call the desk typed in. */
export const requestSources = ["web", "chat", "phone"] as const;
export type RequestSource = (typeof requestSources)[number];

/** A form sends text ("38.13"), a script numbers; an empty field is no value. */
const number = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ invalid_type_error: message, required_error: message }).finite({ message }).optional(),
  );

/**
 * The window a fix's time must fall in: from 2000 (no phone fixed a position before it, and a year 0 or
 * 9999 would be refused by the database with a 500) to a day after now by the checking side's clock.
 * A fix cannot come from the future, but a phone's clock can be hours off (set by hand, or to another
 * time zone's hour): refusing that phone would refuse a driver's request, so the window only shuts out
 * values no clock could hold.
 */
export const EARLIEST_FIX_TIME = new Date("2000-01-01T00:00:00Z");
export const FIX_CLOCK_AHEAD_MS = 24 * 60 * 60_000;

/** Whether a fix's time is inside the window at `now`. */
export const fixTimeInWindow = (fixedAt: Date, now: Date) =>
  fixedAt.getTime() >= EARLIEST_FIX_TIME.getTime() && fixedAt.getTime() <= now.getTime() + FIX_CLOCK_AHEAD_MS;

/**
 * The four optional fields of a position, checked with one language's words; the time against `now`
 * (the server passes its own clock, the browser uses its own).
 */
export function locationFieldsFor(m: LocationWords["validation"], now: () => Date = () => new Date()) {
  const outOfWindow = m.fixedAtRange.replace("{earliest}", String(EARLIEST_FIX_TIME.getUTCFullYear()));
  return {
    latitude: number(m.latitude).pipe(z.number().min(-90, m.latitude).max(90, m.latitude).optional()),
    longitude: number(m.longitude).pipe(z.number().min(-180, m.longitude).max(180, m.longitude).optional()),
    accuracy: number(m.accuracy).pipe(z.number().min(0, m.accuracy).max(MAX_ACCURACY_METERS, m.accuracy).optional()),
    fixedAt: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ invalid_type_error: m.fixedAt })
        .datetime({ offset: true, message: m.fixedAt })
        .transform((text) => new Date(text))
        .refine((fixedAt) => fixTimeInWindow(fixedAt, now()), { message: outOfWindow })
        .optional(),
    ),
  };
}

export interface LocationFix {
  latitude: number;
  longitude: number;
  accuracy: number;
  fixedAt?: Date;
}

/**
 * A position is whole or absent: latitude, longitude and accuracy together. The issue names the first
 * missing field, so the 400 says which one.
 */
export function missingLocationField(value: {
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  fixedAt?: Date;
}): "latitude" | "longitude" | "accuracy" | undefined {
  const given = [value.latitude, value.longitude, value.accuracy, value.fixedAt].some((v) => v !== undefined);
  if (!given) return undefined;
  if (value.latitude === undefined) return "latitude";
  if (value.longitude === undefined) return "longitude";
  if (value.accuracy === undefined) return "accuracy";
  return undefined;
}

/** A schema of a whole position (the /here link and "Send my location again"): every part required but the time. */
export function locationFixSchemaFor(m: LocationWords["validation"], now?: () => Date) {
  const f = locationFieldsFor(m, now);
  return z
    .object(f)
    .superRefine((value, ctx) => {
      const missing =
        value.latitude === undefined
          ? "latitude"
          : value.longitude === undefined
            ? "longitude"
            : missingLocationField(value);
      if (missing) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: m.incomplete });
    })
    .transform((value) => value as LocationFix);
}

/** Opens the phone's own maps app at the point (RFC 5870). */
export const geoUri = (fix: Pick<LocationFix, "latitude" | "longitude">) =>
  `geo:${coordinate(fix.latitude)},${coordinate(fix.longitude)}`;

/** The point on OpenStreetMap, with a marker, at street zoom. */
export const openStreetMapUrl = (fix: Pick<LocationFix, "latitude" | "longitude">) =>
  `https://www.openstreetmap.org/?mlat=${coordinate(fix.latitude)}&mlon=${coordinate(fix.longitude)}#map=17/${coordinate(fix.latitude)}/${coordinate(fix.longitude)}`;

/**
 * A stored position as every reader shows it (the desk, the alerts, the webhook's JSON, the CSV): the
 * numbers, when the phone took it, the nearest town and the links that open it on a map.
 */
export interface LocationView {
  latitude: number;
  longitude: number;
  accuracyM: number;
  /** ISO time the phone took the fix: the desk shows its age. */
  fixedAt: string;
  nearestTown: string | null;
  nearestTownKm: number | null;
  /** Inside the circle the site declares it serves. */
  insideServiceArea: boolean;
  geoUri: string;
  openStreetMapUrl: string;
}

/** The stored columns of a request's position (all null when none was sent or it was erased). */
export interface StoredLocation {
  latitude: number | null;
  longitude: number | null;
  locationAccuracyM: number | null;
  locationFixedAt: Date | null;
  nearestTown: string | null;
  nearestTownKm: number | null;
}

export function locationView(row: StoredLocation): LocationView | null {
  const { latitude, longitude, locationAccuracyM, locationFixedAt } = row;
  // A row read before the location columns existed (or built by hand) has them undefined: no position.
  if (latitude == null || longitude == null || locationAccuracyM == null || locationFixedAt == null) return null;
  const point = { latitude, longitude };
  return {
    latitude,
    longitude,
    accuracyM: locationAccuracyM,
    fixedAt: locationFixedAt.toISOString(),
    nearestTown: row.nearestTown,
    nearestTownKm: row.nearestTownKm,
    insideServiceArea: insideServiceArea(point),
    geoUri: geoUri(point),
    openStreetMapUrl: openStreetMapUrl(point),
  };
}

/** "Near Riverton (1.2 km from its center), inside the service area", in English for the owner. */
export function ownerPlaceLine(view: LocationView): string {
  const area = view.insideServiceArea ? "inside the service area" : "outside the service area";
  if (!view.nearestTown) return area;
  return `nearest town ${view.nearestTown} (${view.nearestTownKm} km from its center), ${area}`;
}
