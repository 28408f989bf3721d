import { and, desc, eq, gt } from "drizzle-orm";
import type { LocationFix } from "../../../src/shared/location";
import type { Town } from "../../../src/shared/nearest-town";
import type { Db } from "../../db/client";
import { CALLER_ACTOR, hereLinks, requestEvents, requestLocations, serviceRequests } from "../../db/schema";
import { newPageToken, pageTokenHash } from "../../shared/page-tokens";
import { replacePosition } from "../service-requests/changes";
import { storedFix } from "../service-requests/store";

/** A /here link works for a day: long enough for a caller to open a text, short enough to go stale. */
export const HERE_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A new link for a request: the token (for the owner to send) and when it stops working. */
export async function createHereLink(db: Db, requestId: number, now: Date) {
  const token = newPageToken();
  const expiresAt = new Date(now.getTime() + HERE_LINK_LIFETIME_MS);
  await db
    .insert(hereLinks)
    .values({ serviceRequestId: requestId, tokenSha256: pageTokenHash(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * The request a /here token's hash opens, or undefined for an unknown, malformed, expired or deleted
 * one: the caller (server/shared/private-link.ts) hashes every candidate, and this is the same one
 * query for each, so the answer takes the same work whatever it is.
 */
export async function requestByHereToken(db: Db, tokenSha256: string, now: Date) {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      language: serviceRequests.language,
      status: serviceRequests.status,
      endedAt: serviceRequests.endedAt,
    })
    .from(hereLinks)
    .innerJoin(serviceRequests, eq(serviceRequests.id, hereLinks.serviceRequestId))
    .where(and(eq(hereLinks.tokenSha256, tokenSha256), gt(hereLinks.expiresAt, now)));
  return row;
}

/**
 * A new fix for a request: the one it replaces goes to the request's location history, and the
 * request holds the new one with its nearest town. One transaction, the request's row locked.
 */
export async function recordFix(db: Db, requestId: number, fix: LocationFix, towns: readonly Town[], now: Date) {
  const next = storedFix(fix, towns, now);
  if (!next) return false;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId)).for("update");
    if (!current) return false;
    const { latitude, longitude, locationAccuracyM, locationFixedAt } = current;
    if (latitude !== null && longitude !== null && locationAccuracyM !== null && locationFixedAt !== null) {
      await tx.insert(requestLocations).values({
        serviceRequestId: requestId,
        latitude,
        longitude,
        accuracyM: locationAccuracyM,
        fixedAt: locationFixedAt,
        nearestTown: current.nearestTown,
        nearestTownKm: current.nearestTownKm,
      });
    }
    await replacePosition(tx, requestId, {
      latitude: next.latitude,
      longitude: next.longitude,
      locationAccuracyM: next.accuracy,
      locationFixedAt: next.fixedAt,
      nearestTown: next.town ?? null,
      nearestTownKm: next.km ?? null,
    });
    return true;
  });
}

/** The earlier positions of a request, newest first. */
export function earlierFixes(db: Db, requestId: number) {
  return db
    .select()
    .from(requestLocations)
    .where(eq(requestLocations.serviceRequestId, requestId))
    .orderBy(desc(requestLocations.id));
}

/**
 * The place a caller typed on the link (their phone gave no position): a line of the request's history,
 * by the caller, at `now`, which the desk shows on the request with its time. Stored as text only.
 */
export async function recordPlace(db: Db, requestId: number, place: string, now: Date) {
  await db.insert(requestEvents).values({ requestId, kind: "caller_place", actor: CALLER_ACTOR, note: place, at: now });
}
