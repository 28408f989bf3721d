import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Locale } from "../../../src/i18n/locales";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { privateLinkParamsSchema, privateLinkRestSchema } from "../../../src/shared/private-link-schema";
import { type RequestPageLive, requestPagePath } from "../../../src/shared/request-page";
import { cancelRequestSchemas } from "../../../src/shared/request-page-schema";
import type { RequestReviewState } from "../../../src/shared/review";
import { reviewSchemas } from "../../../src/shared/review-schema";
import type { Db } from "../../db/client";
import type { AlertChannel, ServiceRequestRow } from "../../db/schema";
import { isFormPost } from "../../form-post";
import { orEmpty } from "../../shared/body-schema";
import type { PrivateLink } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import { fromOwnPrivatePage } from "../../shared/same-origin";
import { issuesInLanguage, zodIssuesOf } from "../../shared/schema-errors";
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

const cancelSchemas = { en: orEmpty(cancelRequestSchemas.en), es: orEmpty(cancelRequestSchemas.es) };
const reviewBodySchemas = { en: orEmpty(reviewSchemas.en), es: orEmpty(reviewSchemas.es) };

/**
 * The driver's answers from the request page: POST /api/request/{token}/cancel ("I no longer need
 * help") and …/review ("How did it go?"), as JSON from the island or a plain form. Before the body is
 * checked (preValidation): from the page itself (403), then the private link's limit (429) and lookup
 * (the one 404). The route's schema checks the body; a refusal is said in the request's language.
 * Any other address under /api/request/ gets the same 404 after the same lookup.
 */
export default async function driverAnswerRoutes(app: FastifyInstance, opts: AnswerRouteOptions) {
  registerReviewRoute(app, opts);
  registerCancelRoute(app, opts);

  // Any other POST under /api/request/ (a token too long for a parameter, an unknown action): the same
  // checks and the same lookup, then 404, so no address answers sooner than another.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/api/request/*", { schema: { params: privateLinkRestSchema } }, async (request, reply) => {
      if (!(await opened(opts, request, reply, request.params["*"]))) return reply;
      return opts.link.notFound(request, reply, isFormPost(request));
    });
}

/**
 * Opens the request an answer's token names, after checking where it came from: true when found,
 * false once the 403, the 429 or the 404 is sent.
 */
async function opened(opts: AnswerRouteOptions, request: FastifyRequest, reply: FastifyReply, token: string) {
  // A cancel or a review only from the request page itself (refusing a browser that sends no
  // Sec-Fetch-Site would refuse every cancel from those phones: see fromOwnPrivatePage).
  if (!fromOwnPrivatePage(request)) {
    const message = opts.words[opts.askedLocale(request)].crossSite;
    reply
      .code(403)
      .headers(PRIVATE_PAGE_HEADERS)
      .send({ error: "Forbidden", message, code: "refused" } satisfies ApiRefusal);
    return false;
  }
  return (await opts.link.open(request, reply, token, isFormPost(request))) !== undefined;
}

/** The answer routes' preValidation: the request their :token opens, before the body is checked. */
const preValidationOf =
  (opts: AnswerRouteOptions) => async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    if (!(await opened(opts, request, reply, request.params.token))) return reply;
  };

/** POST /api/request/{token}/review: the driver's review, saved while the request is done and open to one. */
function registerReviewRoute(instance: FastifyInstance, opts: AnswerRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, now, words } = opts;
  app.post(
    "/api/request/:token/review",
    {
      preValidation: preValidationOf(opts),
      schema: { params: privateLinkParamsSchema, body: reviewBodySchemas.en },
      errorHandler: bodyRefusal(
        opts,
        reviewBodySchemas,
        "review",
        (said) => said.reviewUnreadable,
        (said) => said.reviewNotSavedTitle,
      ),
    },
    async (request, reply) => {
      const row = opts.link.openedBy(request);
      const said = words[row.language];
      const pageHref = requestPagePath(request.params.token);
      const outcome = await saveReview(db, row.id, request.body, now());
      if (!outcome) return opts.link.notFound(request, reply, isFormPost(request));
      if ("notDone" in outcome) return refuse(opts, request, reply, said.reviewNotDone, said.reviewNotSavedTitle);
      if ("closed" in outcome) return refuse(opts, request, reply, said.reviewClosed, said.reviewNotSavedTitle);
      // The carousel is rebuilt only when this save took a review off it, never for a save that changed nothing there.
      if (outcome.carouselChanged) await app.domainEvents.emit("reviews.changed", {});
      request.log.info({ serviceRequestId: row.id, created: outcome.created }, "review saved by the driver");
      if (isFormPost(request)) return reply.code(303).headers(PRIVATE_PAGE_HEADERS).redirect(`${pageHref}#review`, 303);
      const state: RequestReviewState = reviewState(row, outcome.saved, now());
      return reply.headers(PRIVATE_PAGE_HEADERS).send({ review: state });
    },
  );
}

/** POST /api/request/{token}/cancel: "I no longer need help", taken while no partner is on the way. */
function registerCancelRoute(instance: FastifyInstance, opts: AnswerRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/request/:token/cancel",
    {
      preValidation: preValidationOf(opts),
      schema: { params: privateLinkParamsSchema, body: cancelSchemas.en },
      errorHandler: bodyRefusal(
        opts,
        cancelSchemas,
        "reason",
        (said) => said.reasonUnreadable,
        (said) => said.notCancelledTitle,
      ),
    },
    async (request, reply) => {
      const row = opts.link.openedBy(request);
      const said = opts.words[row.language];
      const outcome = await cancelByDriver(opts.db, row.id, request.body.reason, opts.now(), opts.alertChannels);
      if (!outcome) return opts.link.notFound(request, reply, isFormPost(request));
      if ("cancelled" in outcome) {
        await app.domainEvents.emit("request.cancelled", { requestId: row.id });
        request.log.info({ serviceRequestId: row.id }, "service request cancelled by the driver");
      }
      // Without JavaScript, back to the page, which now shows the request as it is (cancelled, or why not).
      if (isFormPost(request))
        return reply.code(303).headers(PRIVATE_PAGE_HEADERS).redirect(requestPagePath(request.params.token), 303);
      if ("refused" in outcome) {
        return reply
          .code(409)
          .headers(PRIVATE_PAGE_HEADERS)
          .send({
            error: "Conflict",
            message: said.notCancellable(outcome.refused),
            code: "conflict",
            live: opts.live(outcome.refused),
          } satisfies ApiRefusal & { live: RequestPageLive });
      }
      return reply.headers(PRIVATE_PAGE_HEADERS).send({ live: opts.live(outcome.cancelled) });
    },
  );
}

/** A request whose route names its token (:token). */
type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** Says why a review was not taken (409): the form's page, or JSON. */
function refuse(opts: AnswerRouteOptions, request: TokenRequest, reply: FastifyReply, message: string, title: string) {
  const row = opts.link.openedBy(request);
  reply.code(409).headers(PRIVATE_PAGE_HEADERS);
  if (isFormPost(request)) {
    const pageHref = requestPagePath(request.params.token);
    return reply.type("text/html; charset=utf-8").send(problemPage(title, message, pageHref, row.language));
  }
  return reply.send({ error: "Conflict", message, code: "conflict" } satisfies ApiRefusal);
}

/** A body its schema refused: 400 with the problem in the request's language, and the field it names. */
function bodyRefusal(
  opts: AnswerRouteOptions,
  schemas: Record<Locale, z.ZodTypeAny>,
  field: string,
  unreadable: (said: AnswerWords) => string,
  title: (said: AnswerWords) => string,
) {
  return (error: FastifyError, request: TokenRequest, reply: FastifyReply) => {
    const englishIssues = zodIssuesOf(error);
    if (!englishIssues) throw error;
    // The body is checked only after the preValidation opened the link.
    const row = opts.link.openedBy(request);
    const said = opts.words[row.language];
    const issue = issuesInLanguage(schemas[row.language], request.body, englishIssues)[0];
    const name = typeof issue?.path[0] === "string" ? issue.path[0] : field;
    const problem = issue && issue.code !== "invalid_type" ? issue.message : unreadable(said);
    const message = `${problem} ${said.tryAgain}`;
    reply.code(400).headers(PRIVATE_PAGE_HEADERS);
    if (isFormPost(request)) {
      const pageHref = requestPagePath(request.params.token);
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
