import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
import type { SiteFiles } from "../../site-files";
import { REQUEST_PAGE_HEADERS } from "../request-page/routes";
import { type AnswerOutcome, acceptOffer, declineOffer, reportStep } from "./answers";
import { callUs, offerPageRenderer, offerProblemPage } from "./render";
import { offerByToken, offerPageState, stateOf } from "./store";

interface OfferRouteOptions {
  db: Db;
  site: SiteFiles;
  /** Lookups (page and answers) per client per window: the request page's limits, counted apart. */
  rateLimit: RateLimitOptions;
  /** The clock links and offers expire by and answers are stamped with; tests move it. */
  now: () => Date;
  /** Called once an answer changed a request (wakes the driver pages' feed: the acceptance shows at once). */
  onChanged?: () => void;
  /** Called once an answer queued alerts (wakes the alert worker: withdrawn partners are told). */
  onQueued?: () => void;
  /** The owner's alert channels: a partner's Done queues the driver's review e-mail when e-mail is one. */
  alertChannels?: readonly AlertChannel[];
  /** Called after a decline with its request's id: the desk is alerted at once when nobody is left. */
  onDeclined?: (requestId: number) => Promise<unknown>;
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

  app.post("/api/offer/*", async (request, reply) => {
    const form = isFormPost(request);
    if (!fromOwnPrivatePage(request)) {
      return reply
        .code(403)
        .headers(REQUEST_PAGE_HEADERS)
        .send({ error: "Forbidden", message: said.crossSite, code: "refused" } satisfies ApiRefusal);
    }
    const { token, action } = tokenAndAction(restOf(request));
    const pageHref = offerPagePath(token);
    if (await overLimit(request, reply, form ? pageHref : undefined)) return reply;
    const found = await offerByToken(db, token, now());
    if (!found || !action) return form ? notFoundPage(request, reply) : notFoundJson(reply);

    const body: unknown = request.body ?? {};
    const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : null;
    const invalid = (field: string, problem: string) => {
      const message = `${problem} ${callUs}`;
      reply.code(400).headers(REQUEST_PAGE_HEADERS);
      if (form) return reply.type("text/html; charset=utf-8").send(offerProblemPage(t.problemTitle, message, pageHref));
      return reply.send({
        error: "Bad Request",
        message,
        code: "invalid_fields",
        fields: { [field]: message },
      } satisfies ApiRefusal & { fields: Record<string, string> });
    };
    /** zod's message for a value of the wrong shape, or ours for a body that is no object at all. */
    const problemOf = (issues: { code: string; message: string; path: (string | number)[] }[], field: string) => {
      const issue = issues[0];
      return invalid(String(issue?.path[0] ?? field), issue && fields ? issue.message : said.unreadable);
    };

    const offerId = found.offer.id;
    const key = { offerId, requestId: found.request.id, companyName: found.partner.companyName };
    let outcome: AnswerOutcome;
    if (action === "accept") {
      const parsed = acceptOfferSchema.safeParse(fields);
      if (!parsed.success) return problemOf(parsed.error.issues, "etaMinutes");
      outcome = await acceptOffer(db, key, parsed.data.etaMinutes, now());
    } else if (action === "decline") {
      const parsed = declineOfferSchema.safeParse(fields);
      if (!parsed.success) return problemOf(parsed.error.issues, "reason");
      outcome = await declineOffer(db, key, parsed.data.reason, now());
    } else {
      const parsed = jobStepSchema.safeParse(fields);
      if (!parsed.success) return problemOf(parsed.error.issues, "step");
      outcome = await reportStep(db, key, parsed.data.step, parsed.data.reason, now(), opts.alertChannels);
    }
    if (!outcome) return form ? notFoundPage(request, reply) : notFoundJson(reply);
    if ("changed" in outcome && outcome.changed) {
      if (action === "decline") await opts.onDeclined?.(found.request.id);
      opts.onChanged?.();
      opts.onQueued?.();
      request.log.info({ offerId, action }, "offer answered by its partner");
    }
    // Without JavaScript, back to the page, which now shows where the job stands (taken, accepted, …).
    if (form) return reply.code(303).headers(REQUEST_PAGE_HEADERS).redirect(pageHref, 303);
    const state = stateOf(outcome.offer, outcome.requestStatus, outcome.taken, now());
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
  });
}
