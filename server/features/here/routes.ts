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
import { clientKey } from "../../plugins/client-key";
import { fromOwnPrivatePage } from "../../shared/same-origin";
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

const placeSchemas = { en: herePlaceSchemaFor(locationWords.en.here), es: herePlaceSchemaFor(locationWords.es.here) };
/** A typed place is a few hundred bytes: a larger body is no place (413 before it is read). */
const PLACE_BODY_LIMIT = 4 * 1024;

/**
 * GET /here/{token}: the caller's one-button page; POST /api/here/{token}: the position it sends;
 * POST /api/request-location/{token}: "Send my location again" from the driver's own request page
 * (the request page's token). A position is taken only from our own page (fromOwnPrivatePage: another
 * site's page is refused 403) and only while the request is open: once it has ended (cancelled by the
 * driver, or completed, lost or spam at the desk) it is refused 409, from either link.
 * The token rules are the request page's: unguessable, stored as a hash, expiring (24 h), and every
 * unknown, malformed, over-long, expired or deleted one gets the same 404 after the same work (the
 * routes are wildcards, so a token of any length reaches the lookup). Each lookup counts against the
 * client's limit (the app's one client key) before it is made, and every answer carries the private
 * page's headers.
 */
export default async function hereRoutes(app: FastifyInstance, opts: HereRouteOptions) {
  // The position's schema in each language, its time bounded by this server's clock.
  const schemas = {
    en: locationFixSchemaFor(locationWords.en.validation, opts.now),
    es: locationFixSchemaFor(locationWords.es.validation, opts.now),
  };
  const page = Object.fromEntries(locales.map((l) => [l, herePageRenderer(opts.shells?.[l], l)])) as Record<
    Locale,
    (said: HereSaid) => string
  >;
  await app.register(formbody, { bodyLimit: PLACE_BODY_LIMIT });
  /**
   * The token after /here/ or /api/here/: the rest of the address, whatever its length or shape (the
   * wildcard routes), or the :token of the place routes.
   */
  const tokenOf = (request: FastifyRequest) => {
    const params = request.params as Record<string, unknown>;
    return String(params.token ?? params["*"] ?? "");
  };
  const overLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const count = await app.counters.incr(`here:${clientKey(request)}`, opts.rateLimit.timeWindowMs);
    if (count.current <= opts.rateLimit.max) return false;
    const seconds = Math.max(1, Math.ceil(count.ttlMs / 1000));
    const locale = preferredLocale(request.headers["accept-language"]);
    const message = fill(locationWords[locale].here.failed, { phone: site.phone.display });
    reply.code(429).header("Retry-After", String(seconds)).headers(REQUEST_PAGE_HEADERS);
    reply.send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
    return true;
  };

  app.get("/here/*", async (request, reply) => {
    if (await overLimit(request, reply)) return reply;
    const row = await requestByHereToken(opts.db, tokenOf(request), opts.now());
    if (!row)
      return reply.headers(REQUEST_PAGE_HEADERS).sendNotFoundPage(preferredLocale(request.headers["accept-language"]));
    return reply.headers(REQUEST_PAGE_HEADERS).type("text/html; charset=utf-8").send(page[row.language](undefined));
  });

  /**
   * A fix for a request: 409 once the request has ended, 400 naming the field in the request's
   * language, else stored and 204.
   */
  const takeFix = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: { id: number; language: "en" | "es"; endedAt: Date | null },
    via: string,
  ) => {
    reply.headers(REQUEST_PAGE_HEADERS);
    if (row.endedAt) {
      return reply.code(409).send({
        error: "Conflict",
        message: fill(locationWords[row.language].again.ended, { phone: site.phone.display }),
        code: "conflict",
      } satisfies ApiRefusal);
    }
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
    return reply.code(204).send();
  };
  const notFoundJson = (reply: FastifyReply) =>
    reply
      .code(404)
      .headers(REQUEST_PAGE_HEADERS)
      .send({ error: "Not Found", message: "This link does not work.", code: "not_found" } satisfies ApiRefusal);
  /** A position only from our own pages (the /here page, the request page): another site's is refused. */
  const crossSite = (request: FastifyRequest, reply: FastifyReply) => {
    if (fromOwnPrivatePage(request)) return false;
    const locale = preferredLocale(request.headers["accept-language"]);
    reply
      .code(403)
      .headers(REQUEST_PAGE_HEADERS)
      .send({
        error: "Forbidden",
        message: fill(locationWords[locale].crossSite, { phone: site.phone.display }),
        code: "refused",
      } satisfies ApiRefusal);
    return true;
  };

  app.post("/api/request-location/*", async (request, reply) => {
    if (crossSite(request, reply)) return reply;
    if (await overLimit(request, reply)) return reply;
    const row = await requestByPageToken(opts.db, tokenOf(request), opts.now());
    if (!row) return notFoundJson(reply);
    return takeFix(request, reply, row, "the driver's request page");
  });

  app.post("/api/here/*", async (request, reply) => {
    if (crossSite(request, reply)) return reply;
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
    if (row.endedAt) return refuse(409, fill(locationWords[row.language].again.ended, phone));
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
