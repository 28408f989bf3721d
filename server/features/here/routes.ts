import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Locale, locales, preferredLocale } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { fill } from "../../../src/i18n/ui";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { herePlaceSchemaFor } from "../../../src/shared/here-place";
import { locationFixSchemaFor } from "../../../src/shared/location";
import type { Town } from "../../../src/shared/nearest-town";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import { fromOwnPrivatePage } from "../desk/same-origin";
import { REQUEST_PAGE_HEADERS } from "../request-page/routes";
import { requestByPageToken } from "../request-page/store";
import { type HereSaid, herePageRenderer } from "./page";
import { recordFix, recordPlace, requestByHereToken } from "./store";

export interface HereRouteOptions {
  db: Db;
  towns: readonly Town[];
  rateLimit: RateLimitOptions;
  now: () => Date;
  /** The built shells of the page by language (SiteFiles.herePageShells); a bare page without them. */
  shells?: Partial<Record<Locale, string>>;
  /** Told after a fix is stored, so open pages hear of it at once. */
  onFix?: (requestId: number) => void;
}

const schemas = {
  en: locationFixSchemaFor(locationWords.en.validation),
  es: locationFixSchemaFor(locationWords.es.validation),
};
const placeSchemas = { en: herePlaceSchemaFor(locationWords.en.here), es: herePlaceSchemaFor(locationWords.es.here) };
/** A typed place is a few hundred bytes: a larger body is no place (413 before it is read). */
const PLACE_BODY_LIMIT = 4 * 1024;
/** Requests that have ended (done, closed, cancelled): a place typed now would reach no one. */
const endedStatuses: readonly string[] = ["completed", "lost", "spam", "cancelled"];

/**
 * GET /here/{token}: the caller's one-button page; POST /api/here/{token}: the position it sends;
 * POST /api/request-location/{token}: "Send my location again" from the driver's own request page
 * (the request page's token; 409 once the request has ended).
 * The token rules are the request page's: unguessable, stored as a hash, expiring (24 h), and every
 * unknown, malformed, expired or deleted one gets the same 404 after the same work. Each lookup counts
 * against the client's limit before it is made.
 */
export default async function hereRoutes(app: FastifyInstance, opts: HereRouteOptions) {
  const page = Object.fromEntries(locales.map((l) => [l, herePageRenderer(opts.shells?.[l], l)])) as Record<
    Locale,
    (said: HereSaid) => string
  >;
  await app.register(formbody, { bodyLimit: PLACE_BODY_LIMIT });
  const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? "";
  const overLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const count = await app.counters.incr(`here:${request.ip}`, opts.rateLimit.timeWindowMs);
    if (count.current <= opts.rateLimit.max) return false;
    const seconds = Math.max(1, Math.ceil(count.ttlMs / 1000));
    const locale = preferredLocale(request.headers["accept-language"]);
    const message = fill(locationWords[locale].here.failed, { phone: site.phone.display });
    reply.code(429).header("Retry-After", String(seconds)).headers(REQUEST_PAGE_HEADERS);
    reply.send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
    return true;
  };

  app.get("/here/:token", async (request, reply) => {
    if (await overLimit(request, reply)) return reply;
    const row = await requestByHereToken(opts.db, tokenOf(request), opts.now());
    if (!row)
      return reply.headers(REQUEST_PAGE_HEADERS).sendNotFoundPage(preferredLocale(request.headers["accept-language"]));
    return reply.headers(REQUEST_PAGE_HEADERS).type("text/html; charset=utf-8").send(page[row.language](undefined));
  });

  /** A fix for a request: 400 naming the field in the request's language, else stored and 204. */
  const takeFix = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: { id: number; language: "en" | "es" },
    via: string,
  ) => {
    const parsed = schemas[row.language].safeParse(request.body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return reply
        .code(400)
        .send({ error: "Bad Request", message: Object.values(fields).join(" "), code: "invalid_fields", fields });
    }
    await recordFix(opts.db, row.id, parsed.data, opts.towns, opts.now());
    opts.onFix?.(row.id);
    request.log.info({ serviceRequestId: row.id }, `position received from ${via}`);
    return reply.code(204).headers(REQUEST_PAGE_HEADERS).send();
  };
  const notFoundJson = (reply: FastifyReply) =>
    reply
      .code(404)
      .headers(REQUEST_PAGE_HEADERS)
      .send({ error: "Not Found", message: "This link does not work.", code: "not_found" } satisfies ApiRefusal);

  app.post("/api/request-location/*", async (request, reply) => {
    if (await overLimit(request, reply)) return reply;
    const token = String((request.params as Record<string, unknown>)["*"] ?? "");
    const row = await requestByPageToken(opts.db, token, opts.now());
    if (!row) return notFoundJson(reply);
    if (row.endedAt) {
      return reply
        .code(409)
        .headers(REQUEST_PAGE_HEADERS)
        .send({
          error: "Conflict",
          message: fill(locationWords[row.language].again.ended, { phone: site.phone.display }),
          code: "conflict",
        } satisfies ApiRefusal);
    }
    return takeFix(request, reply, row, "the driver's request page");
  });

  app.post("/api/here/:token", async (request, reply) => {
    if (await overLimit(request, reply)) return reply;
    const row = await requestByHereToken(opts.db, tokenOf(request), opts.now());
    if (!row) return notFoundJson(reply);
    return takeFix(request, reply, row, "a /here link");
  });

  app.post("/api/here/:token/place", { bodyLimit: PLACE_BODY_LIMIT }, (request, reply) =>
    takePlace(request, reply, "json"),
  );
  app.post("/here/:token", { bodyLimit: PLACE_BODY_LIMIT }, (request, reply) => takePlace(request, reply, "form"));

  /**
   * The place a caller typed when their phone gave no position: JSON from the page's script, or the
   * page's own form without JavaScript (answered with the page again, saying sent or why not). From the
   * page itself only; checked with the shared schema in the request's language; refused (409) once the
   * request has ended; else stored as the request's history line, which the desk shows.
   */
  async function takePlace(request: FastifyRequest, reply: FastifyReply, via: "json" | "form") {
    if (await overLimit(request, reply)) return reply;
    const row = await requestByHereToken(opts.db, tokenOf(request), opts.now());
    if (!row) {
      if (via === "json") return notFoundJson(reply);
      return reply.headers(REQUEST_PAGE_HEADERS).sendNotFoundPage(preferredLocale(request.headers["accept-language"]));
    }
    const refuse = (code: 400 | 403 | 409, message: string) => {
      reply.code(code).headers(REQUEST_PAGE_HEADERS);
      if (via === "form") return reply.type("text/html; charset=utf-8").send(page[row.language]({ problem: message }));
      const error = code === 400 ? "Bad Request" : code === 403 ? "Forbidden" : "Conflict";
      const refusal = code === 400 ? "invalid_fields" : code === 403 ? "refused" : "conflict";
      const fields = code === 400 ? { fields: { place: message } } : {};
      return reply.send({ error, message, code: refusal, ...fields } satisfies ApiRefusal);
    };
    const phone = { phone: site.phone.display };
    if (!fromOwnPrivatePage(request)) return refuse(403, fill(locationWords[row.language].here.crossSite, phone));
    if (endedStatuses.includes(row.status)) return refuse(409, fill(locationWords[row.language].again.ended, phone));
    const body = request.body;
    const parsed = placeSchemas[row.language].safeParse(typeof body === "object" && body !== null ? body : {});
    if (!parsed.success)
      return refuse(400, parsed.error.issues[0]?.message ?? locationWords[row.language].here.placeMissing);
    await recordPlace(opts.db, row.id, parsed.data.place, opts.now());
    request.log.info({ serviceRequestId: row.id }, "place typed on a /here link");
    reply.headers(REQUEST_PAGE_HEADERS);
    if (via === "form") return reply.type("text/html; charset=utf-8").send(page[row.language]({ sent: true }));
    return reply.code(204).send();
  }
}
