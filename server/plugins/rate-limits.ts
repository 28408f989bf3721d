import rateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { clientKey } from "./client-key";
import { type Counters, createCounters, REDIS_TIMEOUT_MS } from "./counters";

interface RateLimitsOptions {
  /** Shared counters for several server processes; in this process's memory when unset. */
  redisUrl?: string;
  /** The clock of the in-memory counters (tests move it). */
  now?: () => number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's one set of counters (server/plugins/counters.ts), for limits counted by hand. */
    counters: Counters;
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store interface over our counters: they never fail, so no limit is ever skipped. */
function storeOver(counters: Counters) {
  return class CountersStore {
    constructor(
      _options?: unknown,
      readonly prefix = "",
    ) {}
    incr(key: string, cb: StoreCallback, timeWindow: number) {
      counters.incr(this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.current, ttl: c.ttlMs }),
        (e: Error) => cb(e),
      );
    }
    read(key: string, cb: StoreCallback, timeWindow: number) {
      counters.read(this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.current, ttl: c.ttlMs }),
        (e: Error) => cb(e),
      );
    }
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new CountersStore(undefined, `${this.prefix}${method}${url}-`);
    }
  };
}

/**
 * The one registration of @fastify/rate-limit: every limit in the app (contact, chat, desk sign-in)
 * counts in the same counters, so with REDIS_URL all server processes share their counts. Routes opt in
 * with `config.rateLimit` or count explicitly with `app.createRateLimit()` or `app.counters`.
 */
async function rateLimits(app: FastifyInstance, opts: RateLimitsOptions) {
  let redis: Redis | undefined;
  if (opts.redisUrl) {
    // Every call is bounded, nothing queues while Redis is away, and reconnecting happens in the
    // background: a request never waits on Redis for more than REDIS_TIMEOUT_MS (the counters' own
    // limit decides, after reading any answer already received; ioredis's, later, only frees a
    // command that never got one).
    redis = new Redis(opts.redisUrl, {
      connectTimeout: 1000,
      commandTimeout: 4 * REDIS_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // ioredis repeats this at every reconnect attempt; the change of state is logged once below.
    redis.on("error", () => {});
    app.addHook("onClose", async () => {
      redis?.disconnect();
    });
    // Serve once Redis answers (or after 2 s without it): counts made before would stay in one
    // process's memory, and two processes could each let a client through once more.
    const connecting = redis;
    app.addHook("onReady", async () => {
      if (connecting.status === "ready") return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 2000);
        function done() {
          clearTimeout(timer);
          connecting.off("ready", done);
          resolve();
        }
        connecting.once("ready", done);
      });
    });
  }
  const counters = createCounters({
    redis,
    now: opts.now,
    onRedisChange: (state, error) => {
      if (state === "degraded")
        app.log.warn(
          { err: error },
          "rate limits: Redis is not answering; counting in this process's memory until it does",
        );
      else app.log.info("rate limits: Redis answers again");
    },
  });
  app.decorate("counters", counters);
  await app.register(rateLimit, {
    global: false,
    store: storeOver(counters),
    // The counters answer from memory when Redis fails, so there is never an error to skip.
    skipOnError: false,
    // The app's one client key (an IPv6 client by its /64), the same the limits counted by hand use.
    keyGenerator: clientKey,
  });
}

export default fp(rateLimits, { name: "rate-limits" });

/** A 429 the app's error handler answers as {error: "Too Many Requests", message}. */
export function tooManyRequests(message: string, statusCode = 429): FastifyError {
  const error = new Error(message) as FastifyError;
  error.name = "Too Many Requests";
  error.statusCode = statusCode;
  return error;
}
