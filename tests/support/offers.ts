import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { offerLinks, partnerOffers, partners, requestPageLinks, serviceRequests } from "../../server/db/schema";
import { newPageToken, pageTokenHash } from "../../server/shared/page-tokens";
import { numberedServiceRequest } from "./service-request";

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

/** What addOffer stores beyond its defaults: any column of the offer, and how long it stays open. */
export type OfferFields = Partial<typeof partnerOffers.$inferInsert> & { minutes?: number };

/**
 * An offer of request `requestId` to `partnerId` made at `now` by the owner, open `minutes` (10), in
 * Stockton 2.4 km away unless `fields` say otherwise; `fields` may store it as answered (a state, an
 * ETA, a step). No link: offerJob adds one, as the offer's e-mail carries.
 */
export async function addOffer(
  db: Db,
  requestId: number,
  partnerId: number,
  now: Date,
  { minutes = 10, ...fields }: OfferFields = {},
): Promise<number> {
  const [offer] = await db
    .insert(partnerOffers)
    .values({
      serviceRequestId: requestId,
      partnerId,
      town: "Stockton",
      distanceKm: 2.4,
      offeredBy: "owner@example.com",
      createdAt: now,
      expiresAt: new Date(now.getTime() + minutes * MINUTE),
      ...fields,
    })
    .returning({ id: partnerOffers.id });
  if (!offer) throw new Error("no offer stored");
  return offer.id;
}

/** An open offer of request `requestId` to `partnerId`, and its link; times from `now`. */
export async function offerJob(
  db: Db,
  requestId: number,
  partnerId: number,
  now: Date,
  { linkHours = 24, ...offer }: OfferFields & { linkHours?: number } = {},
): Promise<SeededOffer> {
  const offerId = await addOffer(db, requestId, partnerId, now, offer);
  return { offerId, ...(await addOfferLink(db, offerId, now, { linkHours })) };
}

/** The driver's page link of request `requestId` (/request/{token}), as the stored request's e-mail carries. */
export async function addDriverPageLink(db: Db, requestId: number): Promise<string> {
  const token = newPageToken();
  await db.insert(requestPageLinks).values({ serviceRequestId: requestId, tokenSha256: pageTokenHash(token) });
  return token;
}

/** A private link to offer `offerId`, as its e-mail carries, made at `now` and open for `linkHours`. */
export async function addOfferLink(
  db: Db,
  offerId: number,
  now: Date,
  { linkHours = 24 } = {},
): Promise<{ token: string; path: string }> {
  const token = newPageToken();
  await db.insert(offerLinks).values({
    offerId,
    tokenSha256: pageTokenHash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + linkHours * 60 * MINUTE),
  });
  return { token, path: `/offer/${token}` };
}

/** app.inject's own origin: a browser on the offer page sends it with every POST. */
export const SAME_ORIGIN = { origin: "http://localhost:80" };

/** The partner's answer `action` (accept, decline, step) to the offer of `token`, from its own page by default. */
export const answerOffer = (
  app: FastifyInstance,
  token: string,
  action: string,
  payload: object,
  headers: Record<string, string> = SAME_ORIGIN,
) => app.inject({ method: "POST", url: `/api/offer/${token}/${action}`, payload, headers });

/** An accepted job's steps in order up to Done, as the page's buttons go: the answer to Done. */
export async function reportJobDone(app: FastifyInstance, token: string) {
  for (const step of ["on_the_way", "on_scene"]) {
    const answer = await answerOffer(app, token, "step", { step });
    if (answer.statusCode !== 200) throw new Error(`step ${step} answered ${answer.statusCode}: ${answer.body}`);
  }
  return answerOffer(app, token, "step", { step: "done" });
}

export interface SeededJob {
  requestId: number;
  /** The driver's request page token (/request/{token}). */
  driverToken: string;
  /** One open offer per partner asked, with its link's token. */
  offers: SeededOffer[];
}

/**
 * `jobs` service requests (as the form stores them, with a driver page link each), each offered to
 * `partnersPerJob` of `partnerIds` in rotation: a few statements whatever the count, for the race
 * test and the dispatch benchmark.
 */
export async function seedJobs(
  db: Db,
  { jobs, partnerIds, partnersPerJob, now }: { jobs: number; partnerIds: number[]; partnersPerJob: number; now: Date },
): Promise<SeededJob[]> {
  const requests = await db
    .insert(serviceRequests)
    .values(Array.from({ length: jobs }, (_, i) => ({ ...numberedServiceRequest(i), createdAt: now })))
    .returning({ id: serviceRequests.id });
  const driverTokens = requests.map(() => newPageToken());
  await db
    .insert(requestPageLinks)
    .values(requests.map((r, i) => ({ serviceRequestId: r.id, tokenSha256: pageTokenHash(driverTokens[i] ?? "") })));
  const pairs = requests.flatMap((r, j) =>
    Array.from({ length: partnersPerJob }, (_, k) => ({
      requestId: r.id,
      partnerId: partnerIds[(j * partnersPerJob + k) % partnerIds.length] ?? 0,
    })),
  );
  const offers = await db
    .insert(partnerOffers)
    .values(
      pairs.map((p) => ({
        serviceRequestId: p.requestId,
        partnerId: p.partnerId,
        town: "Stockton",
        distanceKm: 2.4,
        offeredBy: "owner@example.com",
        createdAt: now,
        expiresAt: new Date(now.getTime() + 10 * MINUTE),
      })),
    )
    .returning({ id: partnerOffers.id, requestId: partnerOffers.serviceRequestId });
  const tokens = offers.map(() => newPageToken());
  await db.insert(offerLinks).values(
    offers.map((o, i) => ({
      offerId: o.id,
      tokenSha256: pageTokenHash(tokens[i] ?? ""),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * 60 * MINUTE),
    })),
  );
  return requests.map((r, j) => ({
    requestId: r.id,
    driverToken: driverTokens[j] ?? "",
    offers: offers.flatMap((o, i) =>
      o.requestId === r.id ? [{ offerId: o.id, token: tokens[i] ?? "", path: `/offer/${tokens[i]}` }] : [],
    ),
  }));
}
