import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type Locale, locales, preferredLocale } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { fill } from "../../../src/i18n/ui";
import { herePlaceSchemaFor } from "../../../src/shared/here-place";
import { locationFieldsFor, locationFixSchemaFor } from "../../../src/shared/location";
import type { Town } from "../../../src/shared/nearest-town";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import { sendFilledPage } from "../../http-encoding";
import { type PrivateLink, privateLink, type Refusal } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import { fieldMessages, issuesInLanguage } from "../../shared/schema-errors";
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
  const schemas = Object.fromEntries(
    locales.map((l) => [l, locationFixSchemaFor(locationWords[l].validation, opts.now)]),
  ) as Record<Locale, ReturnType<typeof locationFixSchemaFor>>;
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

  links.here.page("/here/*", async (row, _token, request, reply) =>
    sendFilledPage(request, reply.headers(PRIVATE_PAGE_HEADERS), page[row.language](undefined)),
  );

  positionRoutes(app, { ...opts, schemas, links });
  placeRoutes({ ...opts, page, link: links.here });
}

type FoundRow = { id: number; language: Locale; endedAt: Date | null };

/** A fix sent as null is a fix sent without a body (the schema says what is missing). */
const bodyOrNothing = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((body) => body ?? undefined, schema);

/**
 * The position a phone sends: POST /api/here/{token} (a /here link) and /api/request-location/{token}
 * (the driver's own request page): the private link's answers (our own page only, its limit and its
 * lookup), refused 409 once the request has ended; then the position's schema (400 naming the field,
 * in the request's language), and 204 once stored.
 */
function positionRoutes(
  app: FastifyInstance,
  opts: HereRouteOptions & {
    schemas: Record<Locale, ReturnType<typeof locationFixSchemaFor>>;
    links: Record<"here" | "requestPage", PrivateLink<FoundRow>>;
  },
) {
  const body = bodyOrNothing(opts.schemas.en);
  const routes = [
    ["/api/request-location/*", opts.links.requestPage, "the driver's request page"],
    ["/api/here/*", opts.links.here, "a /here link"],
  ] as const;
  for (const [url, link, via] of routes) {
    link.answer(url, {
      body,
      asPage: () => false,
      crossSite: {
        before: (request) => fill(locationWords[preferredLocale(request.headers["accept-language"])].crossSite, phone),
      },
      check: ended,
      refuse: (englishIssues, row, request) => {
        const issues = issuesInLanguage(opts.schemas[row.language], request.body, englishIssues);
        const fields = fieldMessages(issues, FIX_FIELDS) as Record<string, string>;
        // A body that is no object at all names no field: what to send, in the link's language.
        const message = Object.values(fields).join(" ") || locationWords[row.language].validation.incomplete;
        return { message, fields };
      },
      handler: async (row, _token, request, reply) => {
        await recordFix(opts.db, row.id, request.body, opts.towns, opts.now());
        await app.domainEvents.emit("request.changed", { requestId: row.id });
        request.log.info({ serviceRequestId: row.id }, `position received from ${via}`);
        return reply.code(204).send();
      },
    });
  }
}

const phone = { phone: site.phone.display };

/** The fields of a position, the only names a refused one's fields are keyed by. */
const FIX_FIELDS = Object.keys(locationFieldsFor(locationWords.en.validation));

/** A request that has ended takes no position and no place (409), from either link. */
const ended = (row: FoundRow): Refusal | undefined =>
  row.endedAt ? { status: 409, message: fill(locationWords[row.language].again.ended, phone) } : undefined;

/** A body that is no object names no place; the schema says so in the request's language. */
const placeBody = (schema: ReturnType<typeof herePlaceSchemaFor>) =>
  z.preprocess((body) => (typeof body === "object" && body !== null ? body : {}), schema);
const placeBodies = Object.fromEntries(
  locales.map((l) => [l, placeBody(herePlaceSchemaFor(locationWords[l].here))]),
) as Record<Locale, ReturnType<typeof placeBody>>;

/**
 * The place a caller typed when their phone gave no position: JSON from the page's script
 * (POST /api/here/{token}/place), or the page's own form without JavaScript (POST /here/{token},
 * answered with the page again, saying sent or why not). From the page itself only (said after the
 * lookup, in the link's language, on the page for its form); checked with the shared schema in the
 * request's language; refused (409) once the request has ended; else stored as the request's history
 * line, which the desk shows.
 */
function placeRoutes(
  opts: HereRouteOptions & { page: Record<Locale, (said: HereSaid) => string>; link: PrivateLink<FoundRow> },
) {
  const asPage = (request: FastifyRequest) => !request.url.startsWith("/api/");
  /** A refusal as the page says it (for its form) and as JSON. */
  const refusal = (status: 400 | 403 | 409, row: FoundRow, message: string) => ({
    status,
    message,
    page: opts.page[row.language]({ problem: message }),
  });
  for (const url of ["/api/here/:token/place", "/here/:token"]) {
    opts.link.answer(url, {
      body: placeBodies.en,
      bodyLimit: PLACE_BODY_LIMIT,
      asPage,
      crossSite: { after: (row) => refusal(403, row, fill(locationWords[row.language].here.crossSite, phone)) },
      check: (row) => {
        const refused = ended(row);
        return refused && refusal(409, row, refused.message);
      },
      refuse: (englishIssues, row, request) => {
        const issue = issuesInLanguage(placeBodies[row.language], request.body, englishIssues)[0];
        const message = issue?.message ?? locationWords[row.language].here.placeMissing;
        return { ...refusal(400, row, message), fields: { place: message } };
      },
      handler: async (row, _token, request, reply) => {
        await recordPlace(opts.db, row.id, request.body.place, opts.now());
        request.log.info({ serviceRequestId: row.id }, "place typed on a /here link");
        reply.headers(PRIVATE_PAGE_HEADERS);
        if (asPage(request)) return sendFilledPage(request, reply, opts.page[row.language]({ sent: true }));
        return reply.code(204).send();
      },
    });
  }
}
