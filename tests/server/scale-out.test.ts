import { Redis } from "ioredis";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { alertReceiversForThisFile, deliveries, duplicateCount, waitDelivered } from "../support/alert-deliveries";
import { postgresUrl } from "../support/databases";
import { withPostgresServers } from "../support/postgres-servers";
import type { ServerProcess } from "../support/server-process";

/**
 * Scale-out: two server processes on one PostgreSQL database and one Redis, load sent through both.
 * Every acknowledged service request is stored once with what was sent, each alert goes out once, and a
 * client's contact limit (5 per window) holds across both processes: with per-process counters it
 * would get 10 through. Runs when DATABASE_URL and REDIS_URL are set (CI sets both when the services
 * answer).
 */
const redisUrl = process.env.REDIS_URL || undefined;
const LIMIT = 5;
const CLIENTS = 40;
/** Each client tries more than the limit, alternating between the two servers. */
const TRIES_PER_CLIENT = LIMIT + 3;
const CONCURRENCY = 8;

/** A Redis database of its own, emptied first, so counts left by anything else cannot leak in. */
function isolatedRedisUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/11";
  return u.toString();
}

const receivers = alertReceiversForThisFile();

const requestBody = (client: number, attempt: number) => ({
  name: `Driver ${client}-${attempt}`,
  email: `driver${client}@example.com`,
  phone: "209-555-0100",
  service: "Towing",
  pickupLocation: `${100 + client} Pacific Ave, Stockton`,
  dropoffLocation: "Fremont St, Stockton",
});

interface Outcome {
  client: number;
  attempt: number;
  server: number;
  status: number;
  id?: number;
}

/** One client (its own address through the trusted proxy header) sends its tries one after another. */
async function runClient(servers: ServerProcess[], client: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let attempt = 0; attempt < TRIES_PER_CLIENT; attempt++) {
    const server = (client + attempt) % servers.length;
    const res = await fetch(`${servers[server]?.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.1.${client}.7` },
      body: JSON.stringify(requestBody(client, attempt)),
    });
    const body = (await res.json()) as { id?: number };
    outcomes.push({ client, attempt, server, status: res.status, id: body.id });
  }
  return outcomes;
}

describe.runIf(postgresUrl && redisUrl)("two server processes on one PostgreSQL and one Redis", () => {
  it("store each service request once, send each alert once, and share the service requests' rate limit", {
    timeout: 240_000,
  }, async () => {
    if (!redisUrl) throw new Error("needs DATABASE_URL and REDIS_URL");
    const sharedRedis = isolatedRedisUrl(redisUrl);
    const redis = new Redis(sharedRedis);
    await redis.flushdb();
    const env = {
      REDIS_URL: sharedRedis,
      TRUST_PROXY: "1",
      CONTACT_RATE_LIMIT_MAX: String(LIMIT),
      CONTACT_RATE_LIMIT_WINDOW_MS: String(10 * 60_000),
      SMTP_URL: receivers.smtp.url,
      LEAD_ALERT_FROM: "alerts@stocktontowing.example",
      LEAD_ALERT_TO: "owner@example.com",
      LEAD_ALERT_WEBHOOK_URL: receivers.hook.url,
      LEAD_ALERT_WEBHOOK_SECRET: "scale-out-secret-0123456789",
    };
    try {
      await withPostgresServers(2, env, async (servers, place) => {
        const outcomes: Outcome[] = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < CLIENTS) outcomes.push(...(await runClient(servers, next++)));
          }),
        );

        // The limit holds across both processes: exactly LIMIT stored per client, the rest refused.
        for (let client = 0; client < CLIENTS; client++) {
          const mine = outcomes.filter((o) => o.client === client);
          expect(
            mine.filter((o) => o.status === 201),
            `client ${client}`,
          ).toHaveLength(LIMIT);
          expect(
            mine.filter((o) => o.status === 429),
            `client ${client}`,
          ).toHaveLength(TRIES_PER_CLIENT - LIMIT);
        }
        const accepted = outcomes.filter((o) => o.status === 201);
        expect(new Set(accepted.map((o) => o.server))).toEqual(new Set([0, 1]));
        expect(await redis.keys("towing-rate-limit:*")).not.toEqual([]);

        // Nothing lost, nothing duplicated, nothing altered: the table holds exactly what was acknowledged.
        const db = new pg.Client({ connectionString: place.databaseUrl });
        await db.connect();
        const { rows } = await db.query<{ id: number; name: string; pickup_location: string }>(
          "select id, name, pickup_location from contact_requests order by id",
        );
        await db.end();
        const expected = accepted
          .map((o) => ({
            id: o.id,
            name: requestBody(o.client, o.attempt).name,
            pickup: requestBody(o.client, 0).pickupLocation,
          }))
          .sort((a, b) => Number(a.id) - Number(b.id));
        expect(rows.map((r) => ({ id: r.id, name: r.name, pickup: r.pickup_location }))).toEqual(expected);

        // Each alert once, from whichever process claimed it.
        const ids = new Set(accepted.map((o) => Number(o.id)));
        expect(await waitDelivered(receivers.smtp, receivers.hook, ids, 90_000)).toEqual([]);
        const { mails, hooks } = deliveries(receivers.smtp, receivers.hook);
        expect([...mails.keys()].sort()).toEqual([...ids].sort());
        expect(duplicateCount(mails)).toBe(0);
        expect(duplicateCount(hooks)).toBe(0);
        const keys = receivers.hook.accepted().map((h) => h.headers["idempotency-key"]);
        expect(new Set(keys).size).toBe(keys.length);
        console.info(
          `scale-out: ${outcomes.length} requests through 2 processes, ${accepted.length} stored, ` +
            `${outcomes.length - accepted.length} refused by the shared limit, ${mails.size} e-mails, ${hooks.size} webhooks, 0 duplicates`,
        );
        for (const s of servers) s.child.kill("SIGTERM");
        expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
      });
    } finally {
      await redis.flushdb();
      redis.disconnect();
    }
  });
});
