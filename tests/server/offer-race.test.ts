import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { Db } from "../../server/db/client";
import { openDatabase } from "../../server/db/client";
import { partnerOffers, requestEvents } from "../../server/db/schema";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase, postgresUrl } from "../support/databases";
import { addPartner, answerOffer, type SeededJob, seedJobs } from "../support/offers";
import { withPostgresServers } from "../support/postgres-servers";
import type { ServerProcess } from "../support/server-process";
import { emptyTestSite } from "../support/test-site";

/**
 * The first acceptance wins: 5 partners accept each of 100 jobs within the same few milliseconds. On
 * PGlite, in one process; on PostgreSQL, through two server processes sharing the database (the path
 * of a site run on several servers), each job's five acceptances split between them. Exactly one
 * winner per job, told 200; the other four told 409 "taken", their offers withdrawn; one move to
 * dispatched per job.
 */
const JOBS = 100;
const PARTNERS_PER_JOB = 5;

interface Answer {
  job: number;
  status: number;
  taken: boolean;
}

/** What the database holds after the race, checked against the answers. */
async function expectOneWinnerPerJob(db: Db, jobs: SeededJob[], answers: Answer[]) {
  for (let j = 0; j < jobs.length; j++) {
    const mine = answers.filter((a) => a.job === j);
    expect(mine.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(mine.filter((a) => a.status === 409).every((a) => a.taken)).toBe(true);
  }
  const states = await db
    .select({ requestId: partnerOffers.serviceRequestId, state: partnerOffers.state, n: sql<number>`count(*)::int` })
    .from(partnerOffers)
    .groupBy(partnerOffers.serviceRequestId, partnerOffers.state);
  for (const job of jobs) {
    const of = states.filter((s) => s.requestId === job.requestId);
    expect(of.map((s) => [s.state, s.n]).sort()).toEqual([
      ["accepted", 1],
      ["withdrawn", 4],
    ]);
  }
  const dispatched = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requestEvents)
    .where(eq(requestEvents.toStatus, "dispatched"));
  expect(dispatched[0]?.n).toBe(JOBS);
}

const seed = async (db: Db) => {
  const partnerIds: number[] = [];
  for (let i = 0; i < PARTNERS_PER_JOB; i++) partnerIds.push((await addPartner(db)).id);
  return seedJobs(db, { jobs: JOBS, partnerIds, partnersPerJob: PARTNERS_PER_JOB, now: new Date() });
};

describe("the acceptance race on PGlite, in one process", () => {
  const target = databaseTargets.find((t) => t.kind === "pglite");
  it("five acceptances per job at once, over 100 jobs: exactly one winner each", { timeout: 240_000 }, async () => {
    if (!target) throw new Error("no PGlite target");
    const db = await openTestDatabase(target);
    const app = await buildApp({
      config: testConfig({ requestPageRateLimit: { max: 100_000, timeWindowMs: 60_000 }, alerts: {} }),
      logger: false,
      site: emptyTestSite(),
      db,
    });
    try {
      const jobs = await seed(db.db);
      const answers = await Promise.all(
        jobs.flatMap((job, j) =>
          job.offers.map(async (offer) => {
            const res = await answerOffer(app, offer.token, "accept", { etaMinutes: 20 });
            return { job: j, status: res.statusCode, taken: res.json().offer?.taken === true };
          }),
        ),
      );
      await expectOneWinnerPerJob(db.db, jobs, answers);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe.runIf(postgresUrl)("the acceptance race on PostgreSQL, through two server processes", () => {
  it("five acceptances per job split over two servers, over 100 jobs: exactly one winner each", {
    timeout: 180_000,
  }, async () => {
    const env = { REQUEST_PAGE_RATE_LIMIT_MAX: "100000", MAX_CONNECTIONS_PER_CLIENT: "0" };
    await withPostgresServers(2, env, async (servers, place) => {
      const db = await openDatabase(place);
      try {
        const jobs = await seed(db.db);
        const answers = await Promise.all(
          jobs.flatMap((job, j) =>
            job.offers.map(async (offer, k) => {
              const server = servers[(j + k) % 2] as ServerProcess;
              const res = await fetch(`${server.url}/api/offer/${offer.token}/accept`, {
                method: "POST",
                headers: { "content-type": "application/json", origin: server.url },
                body: JSON.stringify({ etaMinutes: 20 }),
              });
              const body = (await res.json()) as { offer?: { taken?: boolean } };
              return { job: j, status: res.status, taken: body.offer?.taken === true };
            }),
          ),
        );
        await expectOneWinnerPerJob(db.db, jobs, answers);
      } finally {
        await db.close();
      }
    });
  });
});
