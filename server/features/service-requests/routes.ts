import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ZodIssue } from "zod";
import { isLocale, type Locale, localeOfPath, locales, localizedPath } from "../../../src/i18n/locales";
import { fill, ui } from "../../../src/i18n/ui";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { townsOf } from "../../../src/shared/nearest-town";
import { requestPagePath } from "../../../src/shared/request-page";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "../../../src/shared/service-request-fields";
import {
  HONEYPOT_FIELD,
  type ServiceRequestCreated,
  type ServiceRequestInvalid,
  serviceRequestFields,
  serviceRequestSchemas,
} from "../../../src/shared/service-request-schema";
import { site as business } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import type { AlertChannel } from "../../db/schema";
import { isFormPost } from "../../form-post";
import { fieldMessages, issuesInLanguage, zodIssuesOf } from "../../shared/schema-errors";
import type { SiteFiles } from "../../site-files";
import {
  invalidPagePath,
  type RefusedForm,
  refusedFormRenderer,
  sentPagePath,
  sentPageQuerySchema,
  sentPageRenderer,
} from "./form-pages";
import { serviceRequestWriter } from "./store";

interface ServiceRequestRouteOptions {
  db: Db;
  rateLimit: RateLimitOptions;
  site: SiteFiles;
  /** Each stored request gets a pending alert on these channels, in the same statement. */
  alertChannels?: readonly AlertChannel[];
  /** Days a position is kept (LOCATION_RETENTION_DAYS): the refused form's location notice says so. */
  locationRetentionDays: number;
}

/**
 * What the server says when it refuses a service request, in the request's language: every one names
 * the phone number.
 */
const refusalWords = (locale: Locale) => {
  const t = ui[locale].refusal;
  const callUs = fill(t.callUs, { phone: business.phone.display });
  return {
    notAnObject: t.notAnObject,
    honeypot: fill(t.honeypot, { callUs }),
    tooLong: (kb: number) => fill(t.tooLong, { kb, callUs }),
    unreadable: fill(t.unreadable, { callUs }),
    notSaved: fill(t.notSaved, { callUs }),
    tooMany: (seconds: number) => fill(t.tooMany, { seconds, callUs }),
    fixThese: t.fixThese,
    invalidFields: t.invalidFields,
    badKey: fill(t.badKey, { callUs }),
    methodNotAllowed: `Send service requests with POST, or ${fill(ui.en.refusal.callUs, { phone: business.phone.display })}.`,
  };
};
const words = Object.fromEntries(locales.map((l) => [l, refusalWords(l)])) as Record<
  Locale,
  ReturnType<typeof refusalWords>
>;
/** What a request that filled the honeypot gets: a refusal a person can act on, and no row. */
export const HONEYPOT_MESSAGE = words.en.honeypot;

/**
 * The language to answer in. The form says it (`language`, sent by the page with and without
 * JavaScript); when the body could not be read at all (too large, malformed), the page it came from
 * does: a Referer under /es/ is a Spanish page. Anything else is answered in English.
 */
function requestLocale(request: FastifyRequest): Locale {
  const body = request.body;
  const said = isPlainObject(body) ? body.language : undefined;
  if (isLocale(said)) return said;
  const referer = request.headers.referer;
  if (typeof referer === "string") {
    try {
      return localeOfPath(new URL(referer).pathname);
    } catch {
      return "en";
    }
  }
  return "en";
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const honeypotFilled = (body: Record<string, unknown>) => {
  const trap = Object.hasOwn(body, HONEYPOT_FIELD) ? body[HONEYPOT_FIELD] : undefined;
  if (trap === undefined || trap === null) return false;
  return typeof trap === "string" ? trap.trim() !== "" : true;
};

/** What the parts of the contact route share: the language each request asked in and how to refuse a form. */
interface ContactRouteParts {
  localeOf: (request: FastifyRequest) => Locale;
  /**
   * The language each request asked in, read before its schema replaces the body with the checked
   * request (whose language defaults to English where a Referer under /es/ said Spanish).
   */
  askedIn: WeakMap<FastifyRequest, Locale>;
  /** A plain form that was not stored comes back as the form, filled in, with what to fix. */
  sendRefusedForm: (reply: FastifyReply, status: number, refusal: RefusedForm) => FastifyReply;
}

/**
 * POST /api/contact: a driver's service request. JSON from the page's script, or the plain form
 * (application/x-www-form-urlencoded) when the browser runs no JavaScript; the same schema checks
 * both. 201 {id, createdAt, requestPage} only once the row is committed (a repeat of an Idempotency-Key
 * with another body: {id, createdAt}); 400 with a message per field; 303 to
 * the confirmation page (or a "not sent" page) for plain forms. Nothing here reads stored requests.
 */
export default async function serviceRequestRoutes(app: FastifyInstance, opts: ServiceRequestRouteOptions) {
  const storeRequest = serviceRequestWriter(opts.db, opts.alertChannels, townsOf(opts.site.chatKnowledge));
  const parts = contactRouteParts(opts.site, opts.locationRetentionDays);

  // Both are registered inside this plugin, so they apply to this route only.
  await app.register(formbody);
  /**
   * Counted by hand, after the body was read and checked: only requests that are stored or refused as
   * abuse (the honeypot) count, so a driver's typing mistakes, a too-long body or a wrong content type
   * never lock them out. Same store as every other limit (Redis with REDIS_URL).
   */
  const countRequest = app.createRateLimit({ max: opts.rateLimit.max, timeWindow: opts.rateLimit.timeWindowMs });
  // Fastify reads text/plain by default; this endpoint takes JSON or a form only (else 415).
  app.removeContentTypeParser("text/plain");

  registerRefusalHandler(app, parts);
  registerSentPages(app, opts.site);
  const overLimit = limitCounter(countRequest, parts);
  const refuseHoneypot = honeypotRefuser(overLimit, parts);

  const route = { preValidation: refuseHoneypot, schema: { body: serviceRequestSchemas.en } };
  app.withTypeProvider<ZodTypeProvider>().post("/api/contact", route, async (request, reply) => {
    const said = words[parts.localeOf(request)];
    const idempotencyKey = idempotencyKeyOf(request);
    if (idempotencyKey === false) {
      return reply
        .code(400)
        .send({ error: "Bad Request", message: said.badKey, code: "bad_request" } satisfies ApiRefusal);
    }
    if (await overLimit(request, reply)) return reply;
    const data = request.body;
    const row = await storeRequest(data, idempotencyKey);
    if (row.created) {
      await app.domainEvents.emit("request.stored", { requestId: row.id, source: "web" });
      // The id and the service only: no name, phone, e-mail or address in the logs.
      request.log.info({ serviceRequestId: row.id, service: data.service }, "service request stored");
    } else {
      request.log.info({ serviceRequestId: row.id }, "service request repeated: answered with the stored one");
    }
    return answerStored(request, reply, row, data.language);
  });

  registerMethodNotAllowed(app);
}

/** The shared parts: the language each request asked in, and the refused-form page. */
function contactRouteParts(site: SiteFiles, locationRetentionDays: number): ContactRouteParts {
  const renderRefusedForm = refusedFormRenderer(site, locationRetentionDays);
  const askedIn = new WeakMap<FastifyRequest, Locale>();
  const localeOf = (request: FastifyRequest) => askedIn.get(request) ?? requestLocale(request);
  const sendRefusedForm = (reply: FastifyReply, status: number, refusal: RefusedForm) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(renderRefusedForm(refusal, localeOf(reply.request)));
  return { localeOf, askedIn, sendRefusedForm };
}

/**
 * A body the schema refused names each field; a plain form gets a page it can show; everything else
 * goes on to the app's JSON error answers.
 */
function registerRefusalHandler(app: FastifyInstance, parts: ContactRouteParts) {
  const { localeOf, sendRefusedForm } = parts;
  const bodyLimitKb = Math.floor(app.initialConfig.bodyLimit ?? 16 * 1024) / 1024;
  const refuseFields = fieldRefuser(parts);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const issues = zodIssuesOf(error);
    if (issues) return refuseFields(request, reply, issues);
    if (!isFormPost(request)) throw error;
    const said = words[localeOf(request)];
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendRefusedForm(reply, 413, { summary: said.tooLong(bodyLimitKb) });
    }
    if (status < 500) {
      return sendRefusedForm(reply, status, { summary: said.unreadable });
    }
    request.log.error({ err: error }, "service request failed");
    return sendRefusedForm(reply, 503, {
      summary: said.notSaved,
      values: isPlainObject(request.body) ? request.body : {},
    });
  });
}

/**
 * The confirmation page a plain form lands on shows the number of the stored request. The refused
 * form's shell is only ever filled in answer to a post: asked for on its own (a typed address, a
 * reload), nothing was sent, so it sends the visitor to the form.
 */
function registerSentPages(app: FastifyInstance, site: SiteFiles) {
  for (const locale of locales) {
    app.get(invalidPagePath(locale), async (_request, reply) => reply.redirect(localizedPath("/contact", locale), 303));
    const render = sentPageRenderer(site, locale);
    if (!render) continue;
    const route = { schema: { querystring: sentPageQuerySchema } };
    app.withTypeProvider<ZodTypeProvider>().get(sentPagePath(locale), route, async (request, reply) => {
      const { id, token } = request.query;
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(render(id, token));
    });
  }
}

/** Refuses a body the schema refused, checked with the messages of the language the form was sent in. */
function fieldRefuser({ localeOf, sendRefusedForm }: ContactRouteParts) {
  return (request: FastifyRequest, reply: FastifyReply, englishIssues: ZodIssue[]) => {
    const locale = localeOf(request);
    const said = words[locale];
    const body = request.body;
    const issues = issuesInLanguage(serviceRequestSchemas[locale], body, englishIssues);
    const fields = isPlainObject(body) ? fieldMessages(issues, serviceRequestFields) : {};
    const hasFields = Object.keys(fields).length > 0;
    if (isFormPost(request)) {
      return sendRefusedForm(reply, 400, {
        summary: hasFields ? said.fixThese : said.notAnObject,
        fields,
        values: isPlainObject(body) ? body : {},
      });
    }
    const message = hasFields ? said.invalidFields : said.notAnObject;
    const code = hasFields ? "invalid_fields" : "bad_request";
    return reply.code(400).send({ error: message, message, code, fields } satisfies ServiceRequestInvalid);
  };
}

type RequestCounter = ReturnType<FastifyInstance["createRateLimit"]>;

/** Counts a stored or trapped request; answers the 429 itself and returns true when over the limit. */
function limitCounter(countRequest: RequestCounter, { localeOf, sendRefusedForm }: ContactRouteParts) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await countRequest(request);
    if (limit.isAllowed || !limit.isExceeded) return false;
    reply.header("Retry-After", limit.ttlInSeconds);
    const message = words[localeOf(request)].tooMany(limit.ttlInSeconds);
    const body = request.body;
    if (isFormPost(request)) sendRefusedForm(reply, 429, { summary: message, values: isPlainObject(body) ? body : {} });
    else reply.code(429).send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
    return true;
  };
}

/** A filled honeypot is refused before the body is checked: no row, and it counts as abuse. */
function honeypotRefuser(
  overLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>,
  { askedIn, localeOf, sendRefusedForm }: ContactRouteParts,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    askedIn.set(request, requestLocale(request));
    const body = request.body;
    if (!isPlainObject(body) || !honeypotFilled(body)) return;
    if (await overLimit(request, reply)) return reply;
    request.log.info("service request refused: honeypot filled");
    const said = words[localeOf(request)];
    // The answers come back (the trap itself never does): a person whose browser filled the trap
    // by mistake can call, or send again, without typing everything twice.
    if (isFormPost(request)) return sendRefusedForm(reply, 400, { summary: said.honeypot, values: body });
    return reply.code(400).send({
      error: said.honeypot,
      message: said.honeypot,
      code: "refused",
      fields: {},
    } satisfies ServiceRequestInvalid);
  };
}

/** The request's Idempotency-Key: undefined when none was sent, false when it is not a valid key. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined | false {
  const keyHeader = request.headers[IDEMPOTENCY_HEADER];
  const idempotencyKey = typeof keyHeader === "string" && keyHeader !== "" ? keyHeader : undefined;
  if (keyHeader !== undefined && !(idempotencyKey && IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))) return false;
  return idempotencyKey;
}

type StoredRequest = Awaited<ReturnType<ReturnType<typeof serviceRequestWriter>>>;

/** A plain form goes to the confirmation page; a script gets 201 with the request's number. */
function answerStored(request: FastifyRequest, reply: FastifyReply, row: StoredRequest, language: Locale) {
  if (isFormPost(request)) {
    // The link rides in the query of a same-site redirect: the server's log drops query strings, and
    // the confirmation page is sent with Referrer-Policy: no-referrer (private-page-headers.ts).
    const token = row.pageToken ? `&token=${row.pageToken}` : "";
    return reply
      .code(303)
      .header("Cache-Control", "no-store")
      .redirect(`${sentPagePath(language)}?id=${row.id}${token}`, 303);
  }
  // A repeat that is not the same form (or one too many) gets the first answer without a link.
  const created: ServiceRequestCreated = {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ...(row.pageToken ? { requestPage: requestPagePath(row.pageToken) } : {}),
  };
  return reply.code(201).header("Cache-Control", "no-store").send(created);
}

/** The address exists for POST only: say so (405 with Allow), rather than "not found". */
function registerMethodNotAllowed(app: FastifyInstance) {
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: "/api/contact",
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header("Allow", "POST")
        .send({
          error: "Method Not Allowed",
          message: words.en.methodNotAllowed,
          code: "method_not_allowed",
        } satisfies ApiRefusal),
  });
}
