import type { Db } from "../../server/db/client";
import { offerLinks, partnerOffers, partners } from "../../server/db/schema";
import { newPageToken, pageTokenHash } from "../../server/features/request-page/tokens";

/**
 * Partners and offers as the desk's "Offer to partners" stores them (server/features/partners/), made
 * straight in the database so the offer page's tests and benchmark stand on their own: a partner row,
 * an open offer, and a private link whose token only the caller gets (the table keeps its SHA-256).
 */

let partnerCount = 0;

export async function addPartner(
  db: Db,
  fields: Partial<typeof partners.$inferInsert> = {},
): Promise<typeof partners.$inferSelect> {
  partnerCount += 1;
  const [row] = await db
    .insert(partners)
    .values({
      companyName: `Partner Towing ${partnerCount}`,
      contactName: "Dispatch",
      phone: "(209) 555-0110",
      email: `partner${partnerCount}@example.com`,
      services: ["towing", "jump-start"],
      towns: ["Stockton"],
      ...fields,
    })
    .returning();
  if (!row) throw new Error("no partner stored");
  return row;
}

export interface SeededOffer {
  offerId: number;
  token: string;
  path: string;
}

const MINUTE = 60_000;

/** An open offer of request `requestId` to `partnerId`, and its link; times from `now`. */
export async function offerJob(
  db: Db,
  requestId: number,
  partnerId: number,
  now: Date,
  { minutes = 10, linkHours = 24, town = "Stockton", distanceKm = 2.4 as number | null } = {},
): Promise<SeededOffer> {
  const [offer] = await db
    .insert(partnerOffers)
    .values({
      serviceRequestId: requestId,
      partnerId,
      town,
      distanceKm,
      offeredBy: "owner@example.com",
      createdAt: now,
      expiresAt: new Date(now.getTime() + minutes * MINUTE),
    })
    .returning({ id: partnerOffers.id });
  if (!offer) throw new Error("no offer stored");
  const token = newPageToken();
  await db.insert(offerLinks).values({
    offerId: offer.id,
    tokenSha256: pageTokenHash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + linkHours * 60 * MINUTE),
  });
  return { offerId: offer.id, token, path: `/offer/${token}` };
}
