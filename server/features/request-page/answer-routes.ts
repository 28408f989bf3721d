import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodIssue, z } from "zod";
import { type Locale, locales } from "../../../src/i18n/locales";
import { type RequestPageLive, requestPagePath } from "../../../src/shared/request-page";
import { cancelRequestSchemas } from "../../../src/shared/request-page-schema";
import type { RequestReviewState } from "../../../src/shared/review";
import { reviewSchemas } from "../../../src/shared/review-schema";
import type { Db } from "../../db/client";
import type { AlertChannel, ServiceRequestRow } from "../../db/schema";
import { isFormPost } from "../../form-post";
import { orEmpty } from "../../shared/body-schema";
import { type BadBody, type PrivateLink, sendJsonRefusal, sendRefusal } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import { issuesInLanguage } from "../../shared/schema-errors";
import { reviewState, saveReview } from "../reviews/store";
import { problemPage } from "./render";
import { cancelByDriver, type LiveRow, type PageRow } from "./store";

/** What the driver's answers are said with (routes.ts's words, in one language). */
export interface AnswerWords {
  crossSite: string;
  notCancellable: (row: ServiceRequestRow) => string;
  tryAgain: string;
  reasonUnreadable: string;
  notCancelledTitle: string;
  reviewUnreadable: string;
  reviewNotDone: string;
  reviewClosed: string;
  reviewNotSavedTitle: string;
}

export interface AnswerRouteOptions {
  db: Db;
  now: () => Date;
  alertChannels: readonly AlertChannel[];
  /** The request page's private link: its limit, its lookup and its 404. */
  link: PrivateLink<PageRow>;
  words: Record<Locale, AnswerWords>;
  askedLocale: (request: FastifyRequest) => Locale;
  live: (row: LiveRow) => RequestPageLive;
}

const cancelSchemas = Object.fromEntries(locales.map((l) => [l, orEmpty(cancelRequestSchemas[l])])) as Record<
  Locale,
  ReturnType<typeof orEmpty<(typeof cancelRequestSchemas)[Locale]>>
>;
const reviewBodySchemas = Object.fromEntries(locales.map((l) => [l, orEmpty(reviewSchemas[l])])) as Record<
  Locale,
  ReturnType<typeof orEmpty<(typeof reviewSchemas)[Locale]>>
>;

/**
 * The driver's answers from the request page: POST /api/request/{token}/cancel ("I no longer need
 * help") and …/review ("How did it go?"), as JSON from the island or a plain form: the private link's
 * answers (from the page itself, its limit and its lookup). The route's schema checks the body; a
 * refusal is said in the request's language. Any other address under /api/request/ gets the same 404
 * after the same lookup.
 */
export default async function driverAnswerRoutes(app: FastifyInstance, opts: AnswerRouteOptions) {
  registerReviewRoute(app, opts);
  registerCancelRoute(app, opts);
  // A token too long for a parameter, an unknown action: the same checks and lookup, then the 404.
  opts.link.otherAnswers("/api/request/*", crossSite(opts));
}

/**
 * A cancel or a review only from the request page itself (refusing a browser that sends no
 * Sec-Fetch-Site would refuse every cancel from those phones: see fromOwnPrivatePage).
 */
const crossSite = (opts: AnswerRouteOptions) => (request: FastifyRequest) =>
  opts.words[opts.askedLocale(request)].crossSite;

/** POST /api/request/{token}/review: the driver's review, saved while the request is done and open to one. */
function registerReviewRoute(app: FastifyInstance, opts: AnswerRouteOptions) {
  const { db, now, words } = opts;
  opts.link.answer("/api/request/:token/review", {
    ...checked(opts, reviewBodySchemas, "review", (said) => [said.reviewUnreadable, said.reviewNotSavedTitle]),
    handler: async (row, token, request, reply) => {
      const said = words[row.language];
      const pageHref = requestPagePath(token);
      const outcome = await saveReview(db, row.id, request.body, now());
      if (!outcome) return opts.link.notFound(request, reply, isFormPost(request));
      if ("notDone" in outcome) return refuse(request, reply, row, token, said.reviewNotDone, said.reviewNotSavedTitle);
      if ("closed" in outcome) return refuse(request, reply, row, token, said.reviewClosed, said.reviewNotSavedTitle);
      // The carousel is rebuilt only when this save took a review off it, never for a save that changed nothing there.
      if (outcome.carouselChanged) await app.domainEvents.emit("reviews.changed", {});
      request.log.info({ serviceRequestId: row.id, created: outcome.created }, "review saved by the driver");
      if (isFormPost(request)) return reply.code(303).headers(PRIVATE_PAGE_HEADERS).redirect(`${pageHref}#review`, 303);
      const state: RequestReviewState = reviewState(row, outcome.saved, now());
      return reply.headers(PRIVATE_PAGE_HEADERS).send({ review: state });
    },
  });
}

/** POST /api/request/{token}/cancel: "I no longer need help", taken while no partner is on the way. */
function registerCancelRoute(app: FastifyInstance, opts: AnswerRouteOptions) {
  opts.link.answer("/api/request/:token/cancel", {
    ...checked(opts, cancelSchemas, "reason", (said) => [said.reasonUnreadable, said.notCancelledTitle]),
    handler: async (row, token, request, reply) => {
      const said = opts.words[row.language];
      const outcome = await cancelByDriver(opts.db, row.id, request.body.reason, opts.now(), opts.alertChannels);
      if (!outcome) return opts.link.notFound(request, reply, isFormPost(request));
      if ("cancelled" in outcome) {
        await app.domainEvents.emit("request.cancelled", { requestId: row.id });
        request.log.info({ serviceRequestId: row.id }, "service request cancelled by the driver");
      }
      // Without JavaScript, back to the page, which now shows the request as it is (cancelled, or why not).
      if (isFormPost(request))
        return reply.code(303).headers(PRIVATE_PAGE_HEADERS).redirect(requestPagePath(token), 303);
      if ("refused" in outcome) {
        const state = { live: opts.live(outcome.refused) };
        return sendJsonRefusal(reply, { status: 409, message: said.notCancellable(outcome.refused), state });
      }
      return reply.headers(PRIVATE_PAGE_HEADERS).send({ live: opts.live(outcome.cancelled) });
    },
  });
}

/** Says why a review was not taken (409): the form's page, or JSON. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  row: PageRow,
  token: string,
  message: string,
  title: string,
) {
  const page = problemPage(title, message, requestPagePath(token), row.language);
  return sendRefusal(request, reply, { status: 409, message, page }, isFormPost(request));
}

/**
 * What the driver's answers share: from the request page itself, the body checked by its schema (declared
 * in English) and refused (400) in the request's language, naming `field` when the issue names none;
 * `said` gives the words for an unreadable body and the problem page's title.
 */
function checked<Body extends z.ZodTypeAny>(
  opts: AnswerRouteOptions,
  schemas: Record<Locale, Body>,
  field: string,
  said: (words: AnswerWords) => [unreadable: string, title: string],
) {
  const refuse = (englishIssues: ZodIssue[], row: PageRow, request: FastifyRequest, token: string): BadBody => {
    const [unreadable, title] = said(opts.words[row.language]);
    const issue = issuesInLanguage(schemas[row.language], request.body, englishIssues)[0];
    const name = typeof issue?.path[0] === "string" ? issue.path[0] : field;
    const problem = issue && issue.code !== "invalid_type" ? issue.message : unreadable;
    const message = `${problem} ${opts.words[row.language].tryAgain}`;
    const page = problemPage(title, message, requestPagePath(token), row.language);
    return { message, fields: { [name]: message }, page };
  };
  return { body: schemas.en, crossSite: { before: crossSite(opts) }, refuse };
}
