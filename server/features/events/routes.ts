import type { FastifyInstance, FastifyReply } from "fastify";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { dayIn } from "../../../src/shared/business-day";
import { siteEventSchema } from "../../../src/shared/event-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import { clientKey } from "../../plugins/client-key";
import { tooManyRequests } from "../../plugins/rate-limits";
import { isSameOrigin } from "../../shared/same-origin";
import type { SiteFiles } from "../../site-files";
import { eventsOncePerClient } from "./once-per-client";
import { countablePages } from "./pages";
import { countEvent } from "./store";

export interface EventRouteOptions {
  db: Db;
  site: SiteFiles;
  rateLimit: RateLimitOptions;
  /** The clock the day is read from; tests move it. */
  now?: () => Date;
}

/** An event is a few dozen bytes; a beacon's body is never larger than this. */
const EVENT_BODY_LIMIT_BYTES = 512;

const NOTHING_COUNTED = `Nothing was counted. To reach us, call ${site.phone.display}.`;

const refuse = (reply: FastifyReply, message: string, status: 400 | 403 = 400) =>
  reply.code(status).send({
    error: status === 403 ? "Forbidden" : "Bad Request",
    message: `${message} ${NOTHING_COUNTED}`,
    code: status === 403 ? "refused" : "bad_request",
  } satisfies ApiRefusal);

/**
 * POST /api/events: the pages' first-party counts (src/scripts/site-events.ts sends them with
 * navigator.sendBeacon). The body is one event as JSON, sent as text/plain (what sendBeacon sends for
 * a string) or application/json. It answers 204 and sets no cookie; it stores one count per day, name,
 * page, placement and language, and nothing about who sent it (not even the address: the rate limit
 * counts it in memory or Redis, for a minute, and the database never sees it). A client adds at most
 * one to each count a day, and at most EVENTS_PER_CLIENT_PER_DAY in all (once-per-client.ts: decided
 * on salted marks that expire with the day, never on a stored address).
 */
export default async function eventRoutes(app: FastifyInstance, opts: EventRouteOptions) {
  const now = opts.now ?? (() => new Date());
  const pages = countablePages(opts.site);
  const oncePerClient = eventsOncePerClient(app.counters);
  // Fastify reads text/plain as a string already; application/json as an object. Both are taken.
  app.post(
    "/api/events",
    {
      bodyLimit: EVENT_BODY_LIMIT_BYTES,
      config: {
        rateLimit: {
          max: opts.rateLimit.max,
          timeWindow: opts.rateLimit.timeWindowMs,
          errorResponseBuilder: (_req, ctx) =>
            tooManyRequests(
              `Too many events from this address: wait ${Math.ceil(ctx.ttl / 1000)} seconds. ${NOTHING_COUNTED}`,
              ctx.statusCode,
            ),
        },
      },
    },
    async (request, reply) => {
      // Another site's page cannot make its visitors' browsers count here (they send Origin, Sec-Fetch-Site).
      const origin = request.headers.origin;
      const fetchSite = request.headers["sec-fetch-site"];
      if ((origin !== undefined || fetchSite !== undefined) && !isSameOrigin(request)) {
        return refuse(reply, "Events are counted from this site's own pages only.", 403);
      }
      let body: unknown = request.body;
      if (typeof body === "string") {
        try {
          body = JSON.parse(body);
        } catch {
          return refuse(reply, 'Send one event as JSON: {"name", "placement", "page", "language"}.');
        }
      }
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return refuse(reply, 'Send one event as JSON: {"name", "placement", "page", "language"}.');
      }
      const parsed = siteEventSchema.safeParse(body);
      if (!parsed.success) return refuse(reply, parsed.error.issues[0]?.message ?? "The event is not valid.");
      const event = parsed.data;
      if (!pages.has(event.page)) return refuse(reply, "The page is not a page of this site.");
      const day = dayIn(site.timeZone, now());
      const verdict = await oncePerClient(clientKey(request), day, event);
      if (verdict === "capped") {
        return reply.code(429).send({
          error: "Too Many Requests",
          message: `This connection has sent as many events as are counted in a day. ${NOTHING_COUNTED}`,
          code: "rate_limited",
        } satisfies ApiRefusal);
      }
      // A repeat was counted already today: the answer is the same, the count does not move.
      if (verdict === "count") await countEvent(opts.db, day, event);
      return reply.code(204).header("Cache-Control", "no-store").send();
    },
  );
}
