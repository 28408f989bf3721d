import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Locale, locales, preferredLocale } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { fill } from "../../../src/i18n/ui";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { herePlaceSchemaFor } from "../../../src/shared/here-place";
import { locationFixSchemaFor } from "../../../src/shared/location";
import type { Town } from "../../../src/shared/nearest-town";
import { privateLinkParamsSchema, privateLinkRestSchema } from "../../../src/shared/private-link-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import { type PrivateLink, privateLink } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import { fromOwnPrivatePage } from "../../shared/same-origin";
import { issuesInLanguage, zodIssuesOf } from "../../shared/schema-errors";
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
 * The token rules are every private link's (server/shared/private-link.ts): unguessable, stored as a
 * hash, expiring (24 h), and every unknown, malformed, over-long, expired or deleted one gets the one
 * 404 after the same work (the routes are wildcards, so a token of any length reaches the lookup). Each
 * lookup counts against the client's limit (the app's one client key, the /here links' count) before
 * it is made, and every answer carries the private page's headers.
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
  /** A /here link, and the driver's request page link its "Send my location again" answers to: counted together. */
  const linkTo = (find: typeof requestByHereToken) =>
    privateLink<FoundRow>(app, {
      counter: "here",
      rateLimit: opts.rateLimit,
      now: opts.now,
      find: (tokenSha256, at) => find(opts.db, tokenSha256, at),
      // No page of its own for a 429: every /here answer over the limit is JSON, the page's included.
      tooMany: (request) =>
        fill(locationWords[preferredLocale(request.headers["accept-language"])].here.failed, {
          phone: site.phone.display,
        }),
    });
  const links = { here: linkTo(requestByHereToken), requestPage: linkTo(requestByPageToken) };

  links.here.page("/here/*", async (row, _token, _request, reply) =>
    reply.headers(PRIVATE_PAGE_HEADERS).type("text/html; charset=utf-8").send(page[row.language](undefined)),
  );

  await app.register(positionRoutes, { ...opts, schemas, links });
  await app.register(placeRoutes, { ...opts, page, link: links.here });
}

type FoundRow = { id: number; language: Locale; endedAt: Date | null };

/** A fix sent as null is a fix sent without a body (the schema says what is missing). */
const bodyOrNothing = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((body) => body ?? undefined, schema);

/**
 * The position a phone sends: POST /api/here/{token} (a /here link) and /api/request-location/{token}
 * (the driver's own request page). Before the body is checked (preValidation): our own page only (403),
 * the link's limit (429) and lookup (the one 404), a request still open (409); then the position's
 * schema (400 naming the field, in the request's language), and 204 once stored.
 */
async function positionRoutes(
  instance: FastifyInstance,
  opts: HereRouteOptions & {
    schemas: Record<Locale, ReturnType<typeof locationFixSchemaFor>>;
    links: Record<"here" | "requestPage", PrivateLink<FoundRow>>;
  },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const lookUp =
    (link: PrivateLink<FoundRow>) => async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      if (crossSite(request, reply)) return reply;
      const row = await link.open(request, reply, token, false);
      if (!row) return reply;
      reply.headers(PRIVATE_PAGE_HEADERS);
      if (row.endedAt) {
        return reply.code(409).send({
          error: "Conflict",
          message: fill(locationWords[row.language].again.ended, { phone: site.phone.display }),
          code: "conflict",
        } satisfies ApiRefusal);
      }
    };
  const refuseFix =
    (link: PrivateLink<FoundRow>) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const englishIssues = zodIssuesOf(error);
      if (!englishIssues) throw error;
      // The body is checked only after the preValidation opened the link.
      const row = link.openedBy(request);
      const fields: Record<string, string> = {};
      for (const issue of issuesInLanguage(opts.schemas[row.language], request.body, englishIssues)) {
        fields[String(issue.path[0])] ??= issue.message;
      }
      return reply
        .code(400)
        .headers(PRIVATE_PAGE_HEADERS)
        .send({ error: "Bad Request", message: Object.values(fields).join(" "), code: "invalid_fields", fields });
    };
  const body = bodyOrNothing(opts.schemas.en);
  const routes = [
    ["/api/request-location/*", opts.links.requestPage, "the driver's request page"],
    ["/api/here/*", opts.links.here, "a /here link"],
  ] as const;
  for (const [url, link, via] of routes) {
    app.post(
      url,
      {
        preValidation: (request, reply) => lookUp(link)(request, reply, request.params["*"]),
        schema: { params: privateLinkRestSchema, body },
        errorHandler: refuseFix(link),
      },
      async (request, reply) => {
        const row = link.openedBy(request);
        await recordFix(opts.db, row.id, request.body, opts.towns, opts.now());
        await app.domainEvents.emit("request.changed", { requestId: row.id });
        request.log.info({ serviceRequestId: row.id }, `position received from ${via}`);
        return reply.code(204).send();
      },
    );
  }
}

/** A position only from our own pages (the /here page, the request page): another site's is refused. */
function crossSite(request: FastifyRequest, reply: FastifyReply) {
  if (fromOwnPrivatePage(request)) return false;
  const locale = preferredLocale(request.headers["accept-language"]);
  reply
    .code(403)
    .headers(PRIVATE_PAGE_HEADERS)
    .send({
      error: "Forbidden",
      message: fill(locationWords[locale].crossSite, { phone: site.phone.display }),
      code: "refused",
    } satisfies ApiRefusal);
  return true;
}

/** A body that is no object names no place; the schema says so in the request's language. */
const placeBody = (schema: (typeof placeSchemas)["en"]) =>
  z.preprocess((body) => (typeof body === "object" && body !== null ? body : {}), schema);
const placeBodies = { en: placeBody(placeSchemas.en), es: placeBody(placeSchemas.es) };

/**
 * The place a caller typed when their phone gave no position: JSON from the page's script
 * (POST /api/here/{token}/place), or the page's own form without JavaScript (POST /here/{token},
 * answered with the page again, saying sent or why not). From the page itself only; checked with the
 * shared schema in the request's language; refused (409) once the request has ended; else stored as
 * the request's history line, which the desk shows.
 */
async function placeRoutes(
  instance: FastifyInstance,
  opts: HereRouteOptions & { page: Record<Locale, (said: HereSaid) => string>; link: PrivateLink<FoundRow> },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { link } = opts;
  const viaOf = (request: FastifyRequest) => (request.url.startsWith("/api/") ? "json" : "form");

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    row: FoundRow,
    code: 400 | 403 | 409,
    message: string,
  ) => {
    reply.code(code).headers(PRIVATE_PAGE_HEADERS);
    if (viaOf(request) === "form") {
      return reply.type("text/html; charset=utf-8").send(opts.page[row.language]({ problem: message }));
    }
    const error = code === 400 ? "Bad Request" : code === 403 ? "Forbidden" : "Conflict";
    const refusal = code === 400 ? "invalid_fields" : code === 403 ? "refused" : "conflict";
    const fields = code === 400 ? { fields: { place: message } } : {};
    return reply.send({ error, message, code: refusal, ...fields } satisfies ApiRefusal);
  };
  const lookUp = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const row = await link.open(request, reply, token, viaOf(request) === "form");
    if (!row) return reply;
    const phone = { phone: site.phone.display };
    if (!fromOwnPrivatePage(request)) {
      return refuse(request, reply, row, 403, fill(locationWords[row.language].here.crossSite, phone));
    }
    if (row.endedAt) return refuse(request, reply, row, 409, fill(locationWords[row.language].again.ended, phone));
  };
  const refusePlace = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const englishIssues = zodIssuesOf(error);
    if (!englishIssues) throw error;
    // The body is checked only after the preValidation opened the link.
    const row = link.openedBy(request);
    const issue = issuesInLanguage(placeBodies[row.language], request.body, englishIssues)[0];
    return refuse(request, reply, row, 400, issue?.message ?? locationWords[row.language].here.placeMissing);
  };
  for (const url of ["/api/here/:token/place", "/here/:token"]) {
    const route = {
      bodyLimit: PLACE_BODY_LIMIT,
      schema: { params: privateLinkParamsSchema, body: placeBodies.en },
      errorHandler: refusePlace,
    };
    app.post(
      url,
      { ...route, preValidation: (request, reply) => lookUp(request, reply, request.params.token) },
      async (request, reply) => {
        const row = link.openedBy(request);
        await recordPlace(opts.db, row.id, request.body.place, opts.now());
        request.log.info({ serviceRequestId: row.id }, "place typed on a /here link");
        reply.headers(PRIVATE_PAGE_HEADERS);
        if (viaOf(request) === "form") {
          return reply.type("text/html; charset=utf-8").send(opts.page[row.language]({ sent: true }));
        }
        return reply.code(204).send();
      },
    );
  }
}
