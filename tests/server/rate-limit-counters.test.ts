import Fastify from "fastify";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { REDIS_TIMEOUT_MS } from "../../server/plugins/counters";
import rateLimits from "../../server/plugins/rate-limits";

/**
 * The rate limits' counters on a real Redis, as two server processes share them (each one a Fastify
 * instance with the app's rate-limits plugin here). Runs when REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL || undefined;

/** A Redis database of its own, emptied first. */
function isolatedRedisUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/14";
  return u.toString();
}

async function serverWithCounters(url: string) {
  const app = Fastify({ logger: false });
  await app.register(rateLimits, { redisUrl: url });
  await app.ready();
  return app;
}

/** Keeps this process's event loop busy, as a server is under load: no timer or I/O runs meanwhile. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe.runIf(redisUrl)("the rate limits' counters on Redis", () => {
  it("take an answer that arrived while the process was busy past the time limit as Redis's count, not as its silence", async () => {
    const url = isolatedRedisUrl(redisUrl ?? "");
    const redis = new Redis(url);
    await redis.flushdb();
    const [thisProcess, otherProcess] = [await serverWithCounters(url), await serverWithCounters(url)];
    try {
      // The other process counted the client's first four requests.
      for (let i = 0; i < 4; i++) await otherProcess.counters.incr("client", 60_000);
      // This process asks Redis for the fifth, then is busy for three time limits; Redis answers at once,
      // so when the loop turns the answer waits in the socket and the time limit has passed.
      const fifth = thisProcess.counters.incr("client", 60_000);
      busyFor(3 * REDIS_TIMEOUT_MS);
      // Redis's count, five; counted as silence, this process's memory alone would say one.
      expect((await fifth).current).toBe(5);
    } finally {
      await Promise.all([thisProcess.close(), otherProcess.close()]);
      await redis.quit();
    }
  });
});
