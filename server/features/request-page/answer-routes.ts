import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Locale } from "../../../src/i18n/locales";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { type RequestPageLive, requestPagePath } from "../../../src/shared/request-page";
import { cancelRequestSchemas } from "../../../src/shared/request-page-schema";
import type { RequestReviewState } from "../../../src/shared/review";
import { reviewSchemas } from "../../../src/shared/review-schema";
import type { Db } from "../../db/client";
import type { AlertChannel, ServiceRequestRow } from "../../db/schema";
import { isFormPost } from "../../form-post";
import { fromOwnPrivatePage } from "../../shared/same-origin";
import { issuesInLanguage, zodIssuesOf } from "../../shared/schema-errors";
import { reviewState, saveReview } from "../reviews/store";
import { problemPage } from "./render";
import { cancelByDriver, type LiveRow, type PageRow, requestByPageToken } from "./store";

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
  headers: Record<string, string>;
  words: Record<Locale, AnswerWords>;
  askedLocale: (request: FastifyRequest) => Locale;
  live: (row: LiveRow) => RequestPageLive;
  /** Counts a lookup; answers the 429 itself and returns true when over the limit. */
  overLimit: (request: FastifyRequest, reply: FastifyReply, page: boolean) => Promise<boolean>;
  notFoundJson: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  notFoundPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

/** A missing body is an empty one (a cancel without a reason); the schema says the rest. */
const orEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((body) => body ?? {}, schema);
const tokenParams = z.object({ token: z.string() });
const cancelSchemas = { en: orEmpty(cancelRequestSchemas.en), es: orEmpty(cancelRequestSchemas.es) };
const reviewBodySchemas = { en: orEmpty(reviewSchemas.en), es: orEmpty(reviewSchemas.es) };

/** What the driver's answer routes share: the options, and the request each answer's token opened. */
interface DriverAnswers {
  opts: AnswerRouteOptions;
  /** The request each answer's token opened, found before its body is checked. */
  found: WeakMap<FastifyRequest, PageRow>;
  /** The checks before the body is read: from the page itself, within the limit, a request the token opens. */
  lookUp: (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | undefined,
  ) => Promise<FastifyReply | undefined>;
}

/**
 * The driver's answers from the request page: POST /api/request/{token}/cancel ("I no longer need
 * help") and …/review ("How did it go?"), as JSON from the island or a plain form. Before the body is
 * checked (preValidation): from the page itself (403), within the client's limit (429), a request the
 * token opens (404). The route's schema checks the body; a refusal is said in the request's language.
 * Any other address under /api/request/ gets the same 404 after the same lookup.
 */
export default async function driverAnswerRoutes(app: FastifyInstance, opts: AnswerRouteOptions) {
  const found = new WeakMap<FastifyRequest, PageRow>();
  const answers: DriverAnswers = { opts, found, lookUp: requestLookup(opts, found) };
  registerReviewRoute(app, answers);
  registerCancelRoute(app, answers);

  // Any other POST under /api/request/ (a token too long for a parameter, an unknown action): the same
  // checks and the same lookup, then 404, so no address answers sooner than another.
  app.post("/api/request/*", async (request, reply) => {
    await answers.lookUp(request, reply, String((request.params as Record<string, unknown>)["*"] ?? ""));
    if (reply.sent) return reply;
    return notFound(opts, request, reply);
  });
}

const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token;

const notFound = (opts: AnswerRouteOptions, request: FastifyRequest, reply: FastifyReply) =>
  isFormPost(request) ? opts.notFoundPage(request, reply) : opts.notFoundJson(request, reply);

/** Looks up the request an answer's token opens, after checking where it came from and how often. */
function requestLookup(opts: AnswerRouteOptions, found: WeakMap<FastifyRequest, PageRow>) {
  return async (request: FastifyRequest, reply: FastifyReply, token: string | undefined) => {
    const form = isFormPost(request);
    // A cancel or a review only from the request page itself (refusing a browser that sends no
    // Sec-Fetch-Site would refuse every cancel from those phones: see fromOwnPrivatePage).
    if (!fromOwnPrivatePage(request)) {
      const message = opts.words[opts.askedLocale(request)].crossSite;
      return reply
        .code(403)
        .headers(opts.headers)
        .send({ error: "Forbidden", message, code: "refused" } satisfies ApiRefusal);
    }
    if (await opts.overLimit(request, reply, form)) return reply;
    const row = token === undefined ? undefined : await requestByPageToken(opts.db, token, opts.now());
    if (!row) return form ? opts.notFoundPage(request, reply) : opts.notFoundJson(request, reply);
    found.set(request, row);
  };
}

const preValidationOf =
  ({ lookUp }: DriverAnswers) =>
  async (request: FastifyRequest, reply: FastifyReply) =>
    lookUp(request, reply, tokenOf(request));

/** POST /api/request/{token}/review: the driver's review, saved while the request is done and open to one. */
function registerReviewRoute(instance: FastifyInstance, answers: DriverAnswers) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { opts, found } = answers;
  const { db, now, words } = opts;
  app.post(
    "/api/request/:token/review",
    {
      preValidation: preValidationOf(answers),
      schema: { params: tokenParams, body: reviewBodySchemas.en },
      errorHandler: bodyRefusal(
        answers,
        reviewBodySchemas,
        "review",
        (said) => said.reviewUnreadable,
        (said) => said.reviewNotSavedTitle,
      ),
    },
    async (request, reply) => {
      const row = found.get(request) as PageRow;
      const said = words[row.language];
      const pageHref = requestPagePath(request.params.token);
      const outcome = await saveReview(db, row.id, request.body, now());
      if (!outcome) return notFound(opts, request, reply);
      if ("notDone" in outcome) return refuse(answers, request, reply, said.reviewNotDone, said.reviewNotSavedTitle);
      if ("closed" in outcome) return refuse(answers, request, reply, said.reviewClosed, said.reviewNotSavedTitle);
      // The carousel is rebuilt only when this save took a review off it, never for a save that changed nothing there.
      if (outcome.carouselChanged) await app.domainEvents.emit("reviews.changed", {});
      request.log.info({ serviceRequestId: row.id, created: outcome.created }, "review saved by the driver");
      if (isFormPost(request)) return reply.code(303).headers(opts.headers).redirect(`${pageHref}#review`, 303);
      const state: RequestReviewState = reviewState(row, outcome.saved, now());
      return reply.headers(opts.headers).send({ review: state });
    },
  );
}

/** POST /api/request/{token}/cancel: "I no longer need help", taken while no partner is on the way. */
function registerCancelRoute(instance: FastifyInstance, answers: DriverAnswers) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { opts, found } = answers;
  app.post(
    "/api/request/:token/cancel",
    {
      preValidation: preValidationOf(answers),
      schema: { params: tokenParams, body: cancelSchemas.en },
      errorHandler: bodyRefusal(
        answers,
        cancelSchemas,
        "reason",
        (said) => said.reasonUnreadable,
        (said) => said.notCancelledTitle,
      ),
    },
    async (request, reply) => {
      const row = found.get(request) as PageRow;
      const said = opts.words[row.language];
      const outcome = await cancelByDriver(opts.db, row.id, request.body.reason, opts.now(), opts.alertChannels);
      if (!outcome) return notFound(opts, request, reply);
      if ("cancelled" in outcome) {
        await app.domainEvents.emit("request.cancelled", { requestId: row.id });
        request.log.info({ serviceRequestId: row.id }, "service request cancelled by the driver");
      }
      // Without JavaScript, back to the page, which now shows the request as it is (cancelled, or why not).
      if (isFormPost(request))
        return reply.code(303).headers(opts.headers).redirect(requestPagePath(request.params.token), 303);
      if ("refused" in outcome) {
        return reply
          .code(409)
          .headers(opts.headers)
          .send({
            error: "Conflict",
            message: said.notCancellable(outcome.refused),
            code: "conflict",
            live: opts.live(outcome.refused),
          } satisfies ApiRefusal & { live: RequestPageLive });
      }
      return reply.headers(opts.headers).send({ live: opts.live(outcome.cancelled) });
    },
  );
}

/** Says why a review was not taken (409): the form's page, or JSON. */
function refuse(answers: DriverAnswers, request: FastifyRequest, reply: FastifyReply, message: string, title: string) {
  const row = answers.found.get(request) as PageRow;
  reply.code(409).headers(answers.opts.headers);
  if (isFormPost(request)) {
    const pageHref = requestPagePath(tokenOf(request) ?? "");
    return reply.type("text/html; charset=utf-8").send(problemPage(title, message, pageHref, row.language));
  }
  return reply.send({ error: "Conflict", message, code: "conflict" } satisfies ApiRefusal);
}

/** A body its schema refused: 400 with the problem in the request's language, and the field it names. */
function bodyRefusal(
  { opts, found }: DriverAnswers,
  schemas: Record<Locale, z.ZodTypeAny>,
  field: string,
  unreadable: (said: AnswerWords) => string,
  title: (said: AnswerWords) => string,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const englishIssues = zodIssuesOf(error);
    const row = found.get(request);
    if (!englishIssues || !row) throw error;
    const said = opts.words[row.language];
    const issue = issuesInLanguage(schemas[row.language], request.body, englishIssues)[0];
    const name = typeof issue?.path[0] === "string" ? issue.path[0] : field;
    const problem = issue && issue.code !== "invalid_type" ? issue.message : unreadable(said);
    const message = `${problem} ${said.tryAgain}`;
    reply.code(400).headers(opts.headers);
    if (isFormPost(request)) {
      const pageHref = requestPagePath(tokenOf(request) ?? "");
      return reply.type("text/html; charset=utf-8").send(problemPage(title(said), message, pageHref, row.language));
    }
    return reply.send({
      error: "Bad Request",
      message,
      code: "invalid_fields",
      fields: { [name]: message },
    } satisfies ApiRefusal & { fields: Record<string, string> });
  };
}
