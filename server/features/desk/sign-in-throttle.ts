import type { FastifyRequest } from "fastify";
import type { RateLimitOptions } from "../../config";
import { clientKeyOf } from "../../plugins/client-key";
import type { Counters } from "../../plugins/counters";
import type { KnownDevice } from "./device-cookie";
import { normalizeEmail } from "./users";

/**
 * Sign-in throttling: at most `max` sign-in tries per client address per window get their password
 * checked, and as many per account from clients it does not know, or per known device (a browser that
 * signed in to the account before: server/features/desk/device-cookie.ts); the next try gets 429 with Retry-After.
 * So strangers who use up an account's allowance lock out strangers, not the owner's own phone, whose
 * failed tries count against that phone alone.
 *
 * A try is counted before its password is checked, in one atomic step (Redis INCR, or this process's
 * memory): N tries at once take N distinct counts, so no more than `max` of them can reach the
 * password check, however fast they come. A sign-in that succeeds takes its count back, so the owner
 * signing in does not use up the allowance.
 *
 * The counters are the app's one set (server/plugins/counters.ts): shared through Redis with
 * REDIS_URL, and in memory whenever Redis fails or is silent, so the throttle never fails open.
 */
export type SignInThrottleOptions = RateLimitOptions;

export const accountKey = (email: string) => `desk-sign-in:account:${normalizeEmail(email).slice(0, 254)}`;
export const clientKey = (request: FastifyRequest) => `desk-sign-in:client:${clientKeyOf(request.ip)}`;
export const deviceKey = (device: KnownDevice) => `desk-sign-in:device:${device.userId}:${device.id}`;

type ThrottleDecision = { allowed: true; refund(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

export function signInThrottle(counters: Counters, opts: SignInThrottleOptions) {
  return {
    /**
     * Counts this try against the client, and against the known device it comes from or else the
     * account's allowance for unknown clients; allowed while both are within the limit.
     */
    async take(request: FastifyRequest, email: string, device?: KnownDevice): Promise<ThrottleDecision> {
      const keys = [clientKey(request), device ? deviceKey(device) : accountKey(email)];
      const counts = await Promise.all(keys.map((key) => counters.incr(key, opts.timeWindowMs)));
      const over = counts.filter((c) => c.current > opts.max);
      if (over.length > 0) {
        return { allowed: false, retryAfterSeconds: Math.max(1, ...over.map((c) => Math.ceil(c.ttlMs / 1000))) };
      }
      return {
        allowed: true,
        refund: async () => {
          await Promise.all(keys.map((key) => counters.decr(key)));
        },
      };
    },
  };
}
