import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RateLimitOptions } from "../config";
import { normalizeEmail } from "./users";

/**
 * Sign-in throttling: at most `max` failed sign-ins per account and per client address per window;
 * the next try gets 429 with Retry-After. Only failures count (a success does not use up the
 * allowance), so the counters are read before the password is checked and bumped after a failure.
 *
 * The counters live in the app's one @fastify/rate-limit store (server/plugins/rate-limits.ts): in
 * memory for one process, in Redis for several when REDIS_URL is set. Nothing here chooses a store.
 */
export type SignInThrottleOptions = RateLimitOptions;

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? normalizeEmail(body.email).slice(0, 254) : "";
};

export interface ThrottleState {
  blocked: boolean;
  retryAfterSeconds: number;
}

/** Needs @fastify/rate-limit registered on `app` or a parent (server/plugins/rate-limits.ts). */
export function signInThrottle(app: FastifyInstance, opts: SignInThrottleOptions) {
  const common = { max: opts.max, timeWindow: opts.timeWindowMs };
  const limiters = [
    app.createRateLimit({ ...common, keyGenerator: (request) => `desk-sign-in:client:${request.ip}` }),
    app.createRateLimit({ ...common, keyGenerator: (request) => `desk-sign-in:account:${emailOf(request)}` }),
  ];
  return {
    /** Whether this request may try a password now, without counting it. */
    async check(request: FastifyRequest): Promise<ThrottleState> {
      const states = await Promise.all(limiters.map((limit) => limit(request, { increment: false })));
      const full = states.filter((s) => !s.isAllowed && s.remaining === 0);
      return {
        blocked: full.length > 0,
        retryAfterSeconds: Math.max(1, ...full.map((s) => (s.isAllowed ? 0 : s.ttlInSeconds))),
      };
    },
    /** Counts one failure against the client and the account. */
    async fail(request: FastifyRequest): Promise<void> {
      await Promise.all(limiters.map((limit) => limit(request)));
    },
  };
}
