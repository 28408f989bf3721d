import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { offerPage as t } from "../../../src/i18n/en/offer-page";
import { fill } from "../../../src/i18n/ui";
import {
  acceptOfferSchema,
  declineOfferSchema,
  jobStepSchema,
  type OfferAction,
  offerPagePath,
} from "../../../src/shared/partner-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import type { AlertChannel } from "../../db/schema";
import { isFormPost } from "../../form-post";
import { sendFilledPage } from "../../http-encoding";
import { orEmpty } from "../../shared/body-schema";
import { type PrivateLink, privateLink, sendJsonRefusal } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import type { SiteFiles } from "../../site-files";
import { type AnswerOutcome, acceptOffer, declineOffer, type OfferKey, reportStep } from "./answers";
import { offerPageRenderer, offerProblemPage } from "./render";
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

const callUs = fill(t.callUs, { phone: site.phone.display });
const said = {
  crossSite: fill(t.crossSite, { callUs }),
  unreadable: fill(t.unreadable, { callUs }),
  tooMany: (seconds: number) => fill(t.tooMany, { seconds, callUs }),
  refused: (why: keyof typeof t.refusals) => fill(t.refusals[why], { callUs }),
};

/** The token of "{token}/{anything}": the address up to its last slash (the catch-all's lookup). */
const tokenBeforeAction = (rest: string) => {
  const at = rest.lastIndexOf("/");
  return at < 0 ? rest : rest.slice(0, at);
};

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

  const link = privateLink<FoundOffer>(app, {
    counter: "offer-page",
    rateLimit: opts.rateLimit,
    now,
    find: (tokenSha256, at) => offerByToken(db, tokenSha256, at),
    tooMany: (_request, seconds) => said.tooMany(seconds),
    tooManyPage: (_request, message, token) => offerProblemPage(t.problemTitle, message, offerPagePath(token)),
  });

  link.page("/offer/*", async (found, token, request, reply) => {
    const at = now();
    const html = render(found, await offerPageState(db, found, at), token, at);
    return sendFilledPage(request, reply.headers(PRIVATE_PAGE_HEADERS), html);
  });

  await app.register(partnerAnswerRoutes, { ...opts, link });
}

interface AnswerRouteOptions extends OfferRouteOptions {
  /** The offer page's private link: its limit, its lookup and its 404. */
  link: PrivateLink<FoundOffer>;
}

/**
 * One answer's route: its body's schema, the field a refusal names when the issue names none, and how
 * the checked body is stored. Written per action (answerRoute), so each store is typed by its own schema.
 */
interface AnswerRoute<Body extends z.ZodTypeAny> {
  body: Body;
  field: string;
  store: (opts: AnswerRouteOptions, key: OfferKey, body: z.output<Body>, at: Date) => Promise<AnswerOutcome>;
}
const answerRoute = <Body extends z.ZodTypeAny>(route: AnswerRoute<Body>) => route;

const answerRoutes = {
  accept: answerRoute({
    body: orEmpty(acceptOfferSchema),
    field: "etaMinutes",
    store: ({ db }, key, body, at) => acceptOffer(db, key, body.etaMinutes, at),
  }),
  decline: answerRoute({
    body: orEmpty(declineOfferSchema),
    field: "reason",
    store: ({ db }, key, body, at) => declineOffer(db, key, body.reason, at),
  }),
  step: answerRoute({
    body: orEmpty(jobStepSchema),
    field: "step",
    store: ({ db, alertChannels }, key, body, at) => reportStep(db, key, body.step, body.reason, at, alertChannels),
  }),
} as const satisfies Record<OfferAction, unknown>;

/**
 * The partner's answers, POST /api/offer/{token}/{accept,decline,step}: the private link's answers
 * (from the page itself, its limit and its lookup), each action's schema checking the body (400 naming
 * the field). Any other address under /api/offer/ gets the same 404 after the same lookup.
 */
async function partnerAnswerRoutes(app: FastifyInstance, opts: AnswerRouteOptions) {
  registerAnswerRoute(app, opts, "accept", answerRoutes.accept);
  registerAnswerRoute(app, opts, "decline", answerRoutes.decline);
  registerAnswerRoute(app, opts, "step", answerRoutes.step);
  opts.link.otherAnswers("/api/offer/*", () => said.crossSite, tokenBeforeAction);
}

/** POST /api/offer/{token}/{action}: the action's schema checks the body, then the answer is stored. */
function registerAnswerRoute<Body extends z.ZodTypeAny>(
  app: FastifyInstance,
  opts: AnswerRouteOptions,
  action: OfferAction,
  route: AnswerRoute<Body>,
) {
  opts.link.answer(`/api/offer/:token/${action}`, {
    body: route.body,
    crossSite: { before: () => said.crossSite },
    refuse: (issues, _found, request, token) => {
      const issue = issues[0];
      const body = request.body;
      const readable = typeof body === "object" && body !== null && !Array.isArray(body);
      const message = `${readable && issue ? issue.message : said.unreadable} ${callUs}`;
      const page = offerProblemPage(t.problemTitle, message, offerPagePath(token));
      return { message, fields: { [String(issue?.path[0] ?? route.field)]: message }, page };
    },
    handler: async (found, token, request, reply) => {
      const key = { offerId: found.offer.id, requestId: found.request.id, companyName: found.partner.companyName };
      const outcome = await route.store(opts, key, request.body, opts.now());
      return sendOutcome(app, opts, { request, reply, token, action, found, outcome });
    },
  });
}

interface AnsweredOffer {
  request: FastifyRequest;
  token: string;
  reply: FastifyReply;
  action: OfferAction;
  found: FoundOffer;
  outcome: AnswerOutcome;
}

/** The answer's outcome: 303 back to the page for a form, else the offer's state (409 with it when refused). */
async function sendOutcome(app: FastifyInstance, opts: AnswerRouteOptions, answered: AnsweredOffer) {
  const { request, reply, token, action, found, outcome } = answered;
  if (!outcome) return opts.link.notFound(request, reply, isFormPost(request));
  if ("changed" in outcome && outcome.changed) {
    await app.domainEvents.emit("offer.answered", { requestId: found.request.id, action });
    request.log.info({ offerId: found.offer.id, action }, "offer answered by its partner");
  }
  // Without JavaScript, back to the page, which now shows where the job stands (taken, accepted, …).
  if (isFormPost(request)) return reply.code(303).headers(PRIVATE_PAGE_HEADERS).redirect(offerPagePath(token), 303);
  const state = stateOf(outcome.offer, outcome.requestStatus, outcome.taken, opts.now());
  if ("refused" in outcome) {
    return sendJsonRefusal(reply, { status: 409, message: said.refused(outcome.refused), state: { offer: state } });
  }
  return reply.headers(PRIVATE_PAGE_HEADERS).send({ offer: state });
}
