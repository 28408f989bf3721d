import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { offerPage as t } from "../../../src/i18n/en/offer-page";
import { preferredLocale } from "../../../src/i18n/locales";
import { fill } from "../../../src/i18n/ui";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import {
  acceptOfferSchema,
  declineOfferSchema,
  jobStepSchema,
  OFFER_ACTIONS,
  type OfferAction,
  type OfferPageState,
  offerPagePath,
} from "../../../src/shared/partner-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import type { AlertChannel } from "../../db/schema";
import { isFormPost } from "../../form-post";
import { clientKey } from "../../plugins/client-key";
import { fromOwnPrivatePage } from "../../shared/same-origin";
import { zodIssuesOf } from "../../shared/schema-errors";
import type { SiteFiles } from "../../site-files";
import { REQUEST_PAGE_HEADERS } from "../request-page/routes";
import { type AnswerOutcome, acceptOffer, declineOffer, reportStep } from "./answers";
import { callUs, offerPageRenderer, offerProblemPage } from "./render";
import { type FoundOffer, offerByToken, offerPageState, stateOf } from "./store";

interface OfferRouteOptions {
  db: Db;
  site: SiteFiles;
  /** Lookups (page and answers) per client per window: the request page's limits, counted apart. */
  rateLimit: RateLimitOptions;
  /** The clock links and offers expire by and answers are stamped with; tests move it. */
  now: () => Date;
  /** The owner's alert channels: a partner's Done queues the driver's review e-mail when e-mail is one. */
  alertChannels?: readonly AlertChannel[];
}

const said = {
  notFound: fill(t.notFound, { callUs }),
  crossSite: fill(t.crossSite, { callUs }),
  unreadable: fill(t.unreadable, { callUs }),
  tooMany: (seconds: number) => fill(t.tooMany, { seconds, callUs }),
  refused: (why: keyof typeof t.refusals) => fill(t.refusals[why], { callUs }),
};

/** The rest of the address after /offer/ or /api/offer/: any length or shape reaches the same lookup. */
const restOf = (request: FastifyRequest) => String((request.params as Record<string, unknown>)["*"] ?? "");

/** "{token}/{action}" split at its last slash; an unknown action is kept as undefined (404 after the lookup). */
function tokenAndAction(rest: string): { token: string; action: OfferAction | undefined } {
  const at = rest.lastIndexOf("/");
  const action = rest.slice(at + 1);
  return {
    token: at < 0 ? rest : rest.slice(0, at),
    action: at >= 0 && (OFFER_ACTIONS as readonly string[]).includes(action) ? (action as OfferAction) : undefined,
  };
}

/**
 * A partner operator's offer page and its answers:
 * - GET /offer/{token}: the page (server-rendered, forms only, works without JavaScript);
 * - POST /api/offer/{token}/accept {etaMinutes}, …/decline {reason?}, …/step {step, reason?}: as a form
 *   (answered 303 back to the page, which then shows where the job stands) or as JSON ({offer} with the
 *   offer's state, 409 with it when the answer came too late, 400 naming the field).
 * The token in the path is the only key: a link opens its one offer. Unknown, malformed, expired and
 * deleted links all get the request page's uniform 404 after the same work (one hash, one query), and
 * every lookup counts against the client's limit before it is made. Answers must come from the page
 * itself (fromOwnPrivatePage), like the driver's cancel.
 */
export default async function offerRoutes(app: FastifyInstance, opts: OfferRouteOptions) {
  const { db, now } = opts;
  const render = offerPageRenderer(opts.site.offerPageShell, site.areas);
  await app.register(formbody);
  app.removeContentTypeParser("text/plain");

  const overLimit = async (request: FastifyRequest, reply: FastifyReply, pageHref: string | undefined) => {
    const count = await app.counters.incr(`offer-page:${clientKey(request)}`, opts.rateLimit.timeWindowMs);
    if (count.current <= opts.rateLimit.max) return false;
    const seconds = Math.max(1, Math.ceil(count.ttlMs / 1000));
    const message = said.tooMany(seconds);
    reply.code(429).header("Retry-After", String(seconds)).headers(REQUEST_PAGE_HEADERS);
    if (pageHref) reply.type("text/html; charset=utf-8").send(offerProblemPage(t.problemTitle, message, pageHref));
    else reply.send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
    return true;
  };
  /** The request page's 404, in the browser's language: a link that opens nothing says nothing. */
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .headers(REQUEST_PAGE_HEADERS)
      .header("Vary", "Accept-Language")
      .sendNotFoundPage(preferredLocale(request.headers["accept-language"]));
  const notFoundJson = (reply: FastifyReply) =>
    reply
      .code(404)
      .headers(REQUEST_PAGE_HEADERS)
      .send({ error: "Not Found", message: said.notFound, code: "not_found" } satisfies ApiRefusal);

  app.get("/offer/*", async (request, reply) => {
    const token = restOf(request);
    if (await overLimit(request, reply, offerPagePath(token))) return reply;
    const at = now();
    const found = await offerByToken(db, token, at);
    if (!found) return notFoundPage(request, reply);
    return reply
      .headers(REQUEST_PAGE_HEADERS)
      .type("text/html; charset=utf-8")
      .send(render(found, await offerPageState(db, found, at), token, at));
  });

  await app.register(partnerAnswerRoutes, { ...opts, overLimit, notFoundPage, notFoundJson });
}

/** A missing body is an empty one; the schema says the rest. */
const orEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((body) => body ?? {}, schema);
const answerSchemas = {
  accept: { schema: orEmpty(acceptOfferSchema), field: "etaMinutes" },
  decline: { schema: orEmpty(declineOfferSchema), field: "reason" },
  step: { schema: orEmpty(jobStepSchema), field: "step" },
} as const satisfies Record<OfferAction, unknown>;

interface AnswerRouteOptions extends OfferRouteOptions {
  overLimit: (request: FastifyRequest, reply: FastifyReply, pageHref: string | undefined) => Promise<boolean>;
  notFoundPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  notFoundJson: (reply: FastifyReply) => FastifyReply;
}

/** What the partner's answer routes share: the options, and the offer each answer's token opened. */
interface PartnerAnswers {
  opts: AnswerRouteOptions;
  /** The offer each answer's token opened, found before its body is checked. */
  offers: WeakMap<FastifyRequest, FoundOffer>;
  /** The checks before the body is read: from the page itself, within the limit; then the lookup. */
  lookUp: (request: FastifyRequest, reply: FastifyReply, token: string) => Promise<FastifyReply | undefined>;
}

/**
 * The partner's answers, POST /api/offer/{token}/{accept,decline,step}. Before the body is checked
 * (preValidation): from the page itself (403), within the client's limit (429), an offer the token
 * opens (404); then the action's schema checks the body (400 naming the field). Any other address
 * under /api/offer/ gets the same 404 after the same lookup.
 */
async function partnerAnswerRoutes(app: FastifyInstance, opts: AnswerRouteOptions) {
  const offers = new WeakMap<FastifyRequest, FoundOffer>();
  const answers: PartnerAnswers = { opts, offers, lookUp: offerLookup(opts, offers) };
  for (const action of OFFER_ACTIONS) registerAnswerRoute(app, answers, action);

  // Any other POST under /api/offer/: the same checks and lookup, then 404, so no address answers sooner.
  app.post("/api/offer/*", async (request, reply) => {
    await answers.lookUp(request, reply, tokenAndAction(restOf(request)).token);
    return reply.sent ? reply : notFound(opts, request, reply);
  });
}

const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

const notFound = (opts: AnswerRouteOptions, request: FastifyRequest, reply: FastifyReply) =>
  isFormPost(request) ? opts.notFoundPage(request, reply) : opts.notFoundJson(reply);

/** Looks up the offer an answer's token opens, after checking where it came from and how often. */
function offerLookup(opts: AnswerRouteOptions, offers: WeakMap<FastifyRequest, FoundOffer>) {
  return async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    if (!fromOwnPrivatePage(request)) {
      return reply
        .code(403)
        .headers(REQUEST_PAGE_HEADERS)
        .send({ error: "Forbidden", message: said.crossSite, code: "refused" } satisfies ApiRefusal);
    }
    if (await opts.overLimit(request, reply, isFormPost(request) ? offerPagePath(token) : undefined)) return reply;
    const found = await offerByToken(opts.db, token, opts.now());
    if (found) offers.set(request, found);
  };
}

/** POST /api/offer/{token}/{action}: the action's schema checks the body, then the answer is stored. */
function registerAnswerRoute(instance: FastifyInstance, answers: PartnerAnswers, action: OfferAction) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { opts, offers, lookUp } = answers;
  const { schema, field } = answerSchemas[action];
  app.post(
    `/api/offer/:token/${action}`,
    {
      preValidation: async (request, reply) => {
        await lookUp(request, reply, tokenOf(request));
        if (!reply.sent && !offers.has(request)) return notFound(opts, request, reply);
      },
      schema: { params: z.object({ token: z.string() }), body: schema },
      errorHandler: (error: FastifyError, request, reply) => {
        const issue = zodIssuesOf(error)?.[0];
        if (!issue) throw error;
        const body = request.body;
        const readable = typeof body === "object" && body !== null && !Array.isArray(body);
        const name = String(issue.path[0] ?? field);
        return refuseField(request, reply, name, readable ? issue.message : said.unreadable);
      },
    },
    async (request, reply) => {
      const found = offers.get(request) as FoundOffer;
      const key = { offerId: found.offer.id, requestId: found.request.id, companyName: found.partner.companyName };
      const body = request.body as Record<string, unknown>;
      const outcome = await answer(opts.db, key, action, body, opts.now(), opts.alertChannels);
      return sendOutcome(app, opts, { request, reply, action, found, outcome });
    },
  );
}

interface AnsweredOffer {
  request: FastifyRequest;
  reply: FastifyReply;
  action: OfferAction;
  found: FoundOffer;
  outcome: AnswerOutcome;
}

/** The answer's outcome: 303 back to the page for a form, else the offer's state (409 with it when refused). */
async function sendOutcome(app: FastifyInstance, opts: AnswerRouteOptions, answered: AnsweredOffer) {
  const { request, reply, action, found, outcome } = answered;
  if (!outcome) return notFound(opts, request, reply);
  if ("changed" in outcome && outcome.changed) {
    await app.domainEvents.emit("offer.answered", { requestId: found.request.id, action });
    request.log.info({ offerId: found.offer.id, action }, "offer answered by its partner");
  }
  // Without JavaScript, back to the page, which now shows where the job stands (taken, accepted, …).
  if (isFormPost(request))
    return reply
      .code(303)
      .headers(REQUEST_PAGE_HEADERS)
      .redirect(offerPagePath(tokenOf(request)), 303);
  const state = stateOf(outcome.offer, outcome.requestStatus, outcome.taken, opts.now());
  if ("refused" in outcome) {
    return reply
      .code(409)
      .headers(REQUEST_PAGE_HEADERS)
      .send({
        error: "Conflict",
        message: said.refused(outcome.refused),
        code: "conflict",
        offer: state,
      } satisfies ApiRefusal & { offer: OfferPageState });
  }
  return reply.headers(REQUEST_PAGE_HEADERS).send({ offer: state });
}

/** 400 naming the field: the offer page with the problem for a form, else JSON. */
function refuseField(request: FastifyRequest, reply: FastifyReply, field: string, problem: string) {
  const message = `${problem} ${callUs}`;
  reply.code(400).headers(REQUEST_PAGE_HEADERS);
  if (isFormPost(request)) {
    const pageHref = offerPagePath((request.params as { token: string }).token);
    return reply.type("text/html; charset=utf-8").send(offerProblemPage(t.problemTitle, message, pageHref));
  }
  return reply.send({
    error: "Bad Request",
    message,
    code: "invalid_fields",
    fields: { [field]: message },
  } satisfies ApiRefusal & { fields: Record<string, string> });
}

/** Stores the partner's answer, checked by its route's schema. */
function answer(
  db: Db,
  key: Parameters<typeof acceptOffer>[1],
  action: OfferAction,
  body: Record<string, unknown>,
  at: Date,
  alertChannels: readonly AlertChannel[] | undefined,
): Promise<AnswerOutcome> {
  if (action === "accept") return acceptOffer(db, key, body.etaMinutes as number, at);
  if (action === "decline") return declineOffer(db, key, body.reason as string, at);
  return reportStep(
    db,
    key,
    body.step as z.infer<typeof jobStepSchema>["step"],
    body.reason as string,
    at,
    alertChannels,
  );
}
