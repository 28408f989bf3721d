import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { dayIn } from "../../../src/shared/business-day";
import { siteEventSchema } from "../../../src/shared/event-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import { clientKey } from "../../plugins/client-key";
import { tooManyRequests } from "../../plugins/rate-limits";
import { isSameOrigin } from "../../shared/same-origin";
import { zodIssuesOf } from "../../shared/schema-errors";
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
const NOT_ONE_EVENT = 'Send one event as JSON: {"name", "placement", "page", "language"}.';
/** The code of a text/plain body that is not JSON (this scope's parser), answered like a wrong event. */
const EVENT_NOT_JSON = "EVENT_NOT_JSON";

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
export default async function eventRoutes(instance: FastifyInstance, opts: EventRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());
  const pages = countablePages(opts.site);
  const oncePerClient = eventsOncePerClient(app.counters);
  // sendBeacon sends a string as text/plain: here it is the event as JSON, read like application/json.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error(NOT_ONE_EVENT), { statusCode: 400, code: EVENT_NOT_JSON }));
    }
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const issue = zodIssuesOf(error)?.[0];
    // A body that is no object is asked for as one event; else the schema's own first message.
    const notAnObject = issue?.code === "invalid_type" && issue.path.length === 0;
    if (issue) return refuse(reply, notAnObject ? NOT_ONE_EVENT : issue.message);
    if (error.code === EVENT_NOT_JSON) return refuse(reply, NOT_ONE_EVENT);
    throw error;
  });

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
      // Another site's page cannot make its visitors' browsers count here (they send Origin, Sec-Fetch-Site).
      onRequest: async (request, reply) => {
        const origin = request.headers.origin;
        const fetchSite = request.headers["sec-fetch-site"];
        if ((origin !== undefined || fetchSite !== undefined) && !isSameOrigin(request)) {
          return refuse(reply, "Events are counted from this site's own pages only.", 403);
        }
      },
      schema: { body: siteEventSchema },
    },
    async (request, reply) => {
      const event = request.body;
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
