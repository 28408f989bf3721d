import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodIssue } from "zod";
import type { ApiRefusal } from "../../src/lib/api-refusal";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "../../src/lib/contact-fields";
import {
  type ContactCreated,
  type ContactField,
  type ContactInvalid,
  contactFields,
  contactRequestSchema,
  HONEYPOT_FIELD,
} from "../../src/lib/contact-schema";
import { site as business } from "../../src/lib/site";
import type { RateLimitOptions } from "../config";
import type { Db } from "../db/client";
import { contactRequestWriter } from "../db/contact-requests";
import type { AlertChannel } from "../db/schema";
import type { SiteFiles } from "../site-files";
import {
  type Problems,
  problemPageRenderer,
  requestNumberFrom,
  SENT_PAGE_PATH,
  sentPageRenderer,
} from "./contact-page";

export interface ContactRouteOptions {
  db: Db;
  rateLimit: RateLimitOptions;
  site: SiteFiles;
  /** Each stored request gets a pending alert on these channels, in the same statement. */
  alertChannels?: readonly AlertChannel[];
  /** Called once a request is committed (wakes the alert worker). */
  onStored?: () => void;
}

/** How each field is named to a person on the "not sent" page. */
const fieldLabels: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  service: "Service",
  pickupLocation: "Pickup location",
  dropoffLocation: "Drop-off location",
  vehicle: "Vehicle",
};

const callUs = `call us at ${business.phone.display}`;
const NOT_AN_OBJECT =
  "Send the request as one object with the fields name, email, phone, service, pickupLocation and dropoffLocation (and, if you like, vehicle).";
/** What a request that filled the honeypot gets: a refusal a person can act on, and no row. */
export const HONEYPOT_MESSAGE = `This request was not accepted. If you need help, please ${callUs}.`;

const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const honeypotFilled = (body: Record<string, unknown>) => {
  const trap = Object.hasOwn(body, HONEYPOT_FIELD) ? body[HONEYPOT_FIELD] : undefined;
  if (trap === undefined || trap === null) return false;
  return typeof trap === "string" ? trap.trim() !== "" : true;
};

function fieldMessages(issues: ZodIssue[]): ContactInvalid["fields"] {
  const fields: ContactInvalid["fields"] = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (contactFields as string[]).includes(field)) {
      fields[field as ContactField] ??= issue.message;
    }
  }
  return fields;
}

/**
 * POST /api/contact: a driver's service request. JSON from the page's script, or the plain form
 * (application/x-www-form-urlencoded) when the browser runs no JavaScript; the same schema checks
 * both. 201 {id, createdAt} only once the row is committed; 400 with a message per field; 303 to
 * the confirmation page (or a "not sent" page) for plain forms. Nothing here reads stored requests.
 */
export default async function contactRoutes(app: FastifyInstance, opts: ContactRouteOptions) {
  const storeRequest = contactRequestWriter(opts.db, opts.alertChannels);
  const renderProblems = problemPageRenderer(opts.site);
  const renderSent = sentPageRenderer(opts.site);
  const bodyLimitKb = Math.floor(app.initialConfig.bodyLimit ?? 16 * 1024) / 1024;

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

  const sendProblemPage = (reply: FastifyReply, status: number, problems: Problems) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(renderProblems(problems));

  // A plain form gets a page it can show; everything else goes on to the app's JSON error answers.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!isFormPost(request)) throw error;
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendProblemPage(reply, 413, {
        summary: `The request is too long: it may be at most ${bodyLimitKb} KB. Please shorten it, or ${callUs}.`,
      });
    }
    if (status < 500) {
      return sendProblemPage(reply, status, {
        summary: `The request could not be read. Please try again, or ${callUs}.`,
      });
    }
    request.log.error({ err: error }, "service request failed");
    return sendProblemPage(reply, 503, {
      summary: `We could not save your request just now. Please ${callUs}, or try again in a minute.`,
    });
  });

  // The confirmation page a plain form lands on shows the number of the stored request.
  if (renderSent) {
    app.get(SENT_PAGE_PATH, async (request, reply) => {
      const { id } = request.query as Record<string, unknown>;
      return reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(renderSent(requestNumberFrom(id)));
    });
  }

  app.post("/api/contact", async (request, reply) => {
    const form = isFormPost(request);
    const body: unknown = request.body;

    const overLimit = async () => {
      const limit = await countRequest(request);
      if (limit.isAllowed || !limit.isExceeded) return false;
      reply.header("Retry-After", limit.ttlInSeconds);
      const message = `Too many service requests from your connection. Please try again in ${limit.ttlInSeconds} seconds, or ${callUs}.`;
      if (form) sendProblemPage(reply, 429, { summary: message });
      else reply.code(429).send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
      return true;
    };

    if (isPlainObject(body) && honeypotFilled(body)) {
      if (await overLimit()) return reply;
      request.log.info("service request refused: honeypot filled");
      if (form) return sendProblemPage(reply, 400, { summary: HONEYPOT_MESSAGE });
      return reply.code(400).send({
        error: HONEYPOT_MESSAGE,
        message: HONEYPOT_MESSAGE,
        code: "refused",
        fields: {},
      } satisfies ContactInvalid);
    }

    const parsed = contactRequestSchema.safeParse(isPlainObject(body) ? body : null);
    if (!parsed.success || !isPlainObject(body)) {
      const fields = parsed.success ? {} : fieldMessages(parsed.error.issues);
      const hasFields = Object.keys(fields).length > 0;
      if (form) {
        return sendProblemPage(reply, 400, {
          summary: hasFields ? "Please fix the following and send the request again:" : NOT_AN_OBJECT,
          items: contactFields.flatMap((f) => (fields[f] ? [`${fieldLabels[f]}: ${fields[f]}`] : [])),
        });
      }
      const error = hasFields ? "Some fields are missing or invalid." : NOT_AN_OBJECT;
      const code = hasFields ? "invalid_fields" : "bad_request";
      return reply.code(400).send({ error, message: error, code, fields } satisfies ContactInvalid);
    }

    const keyHeader = request.headers[IDEMPOTENCY_HEADER];
    const idempotencyKey = typeof keyHeader === "string" && keyHeader !== "" ? keyHeader : undefined;
    if (keyHeader !== undefined && !(idempotencyKey && IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))) {
      const message = `The Idempotency-Key header must be 8 to 128 visible characters. Send the request again without it, or ${callUs}.`;
      return reply.code(400).send({ error: "Bad Request", message, code: "bad_request" } satisfies ApiRefusal);
    }

    if (await overLimit()) return reply;
    const data = parsed.data;
    const row = await storeRequest(data, idempotencyKey);
    if (row.created) {
      opts.onStored?.();
      // The id and the service only: no name, phone, e-mail or address in the logs.
      request.log.info({ contactRequestId: row.id, service: data.service }, "service request stored");
    } else {
      request.log.info({ contactRequestId: row.id }, "service request repeated: answered with the stored one");
    }

    if (form) {
      return reply.code(303).header("Cache-Control", "no-store").redirect(`${SENT_PAGE_PATH}?id=${row.id}`, 303);
    }
    const created: ContactCreated = { id: row.id, createdAt: row.createdAt.toISOString() };
    return reply.code(201).header("Cache-Control", "no-store").send(created);
  });

  // The address exists for POST only: say so (405 with Allow), rather than "not found".
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: "/api/contact",
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header("Allow", "POST")
        .send({
          error: "Method Not Allowed",
          message: `Send service requests with POST, or ${callUs}.`,
          code: "method_not_allowed",
        } satisfies ApiRefusal),
  });
}
