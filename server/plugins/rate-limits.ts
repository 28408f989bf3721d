import rateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

export interface RateLimitsOptions {
  /** Shared counters for several server processes; in this process's memory when unset. */
  redisUrl?: string;
}

/**
 * The one registration of @fastify/rate-limit: every limit in the app (contact, chat, desk sign-in)
 * counts in the same store, so with REDIS_URL all server processes share their counts. Routes opt in
 * with `config.rateLimit` or count explicitly with `app.createRateLimit()`.
 */
async function rateLimits(app: FastifyInstance, opts: RateLimitsOptions) {
  let redis: Redis | undefined;
  if (opts.redisUrl) {
    // Fail fast rather than queue: a request must not wait on an unreachable Redis (see skipOnError).
    redis = new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on("error", (error) => app.log.warn({ err: error }, "rate limits: Redis error"));
    app.addHook("onClose", async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "towing-rate-limit:" } : {}),
    // If Redis is down, drivers still get through; the warning above tells the operator.
    skipOnError: true,
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
