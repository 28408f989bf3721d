import type { FastifyInstance, RouteShorthandOptions } from "fastify";
import { HIDDEN_MESSAGE, NO_CONSENT_MESSAGE, reviewActions } from "../../../src/shared/review";
import { reviewIdSchema } from "../../../src/shared/review-schema";
import type { Db } from "../../db/client";
import { actOnReview, deleteReview, listReviews } from "./store";

interface DeskReviewRouteOptions {
  db: Db;
  now: () => Date;
  /** The desk's own guards (server/features/desk/routes.ts): a session to read, and origin and CSRF to change. */
  signedIn: RouteShorthandOptions;
  guarded: RouteShorthandOptions;
  /** Called after a change the home page's carousel shows (it reads published reviews again). */
  onReviewsChanged?: () => void;
}

const NO_SUCH_REVIEW = "There is no such review.";

/**
 * The desk's reviews, registered inside the desk's routes (so behind its session and CSRF rules):
 * - GET /api/desk/reviews: every review, hidden ones included, newest first;
 * - POST /api/desk/reviews/:id/{publish,unpublish,hide,unhide}: the owner's decisions. Publishing a
 *   review the driver did not allow on the website is a 409 that says so; nothing here changes words;
 * - DELETE /api/desk/reviews/:id: deletes it for good (a driver who asked), 204.
 * The home carousel is told only when a review went on or off the website.
 */
export default async function deskReviewRoutes(app: FastifyInstance, opts: DeskReviewRouteOptions) {
  const { db, now } = opts;
  app.get("/api/desk/reviews", opts.signedIn, async () => listReviews(db));

  for (const action of reviewActions) {
    app.post(`/api/desk/reviews/:id/${action}`, opts.guarded, async (request, reply) => {
      const id = reviewIdSchema.safeParse((request.params as { id?: unknown }).id);
      if (!id.success) return reply.code(404).send({ error: NO_SUCH_REVIEW });
      const outcome = await actOnReview(db, id.data, action, now());
      if (!outcome) return reply.code(404).send({ error: NO_SUCH_REVIEW });
      if ("noConsent" in outcome) return reply.code(409).send({ error: NO_CONSENT_MESSAGE });
      if ("hidden" in outcome) return reply.code(409).send({ error: HIDDEN_MESSAGE });
      if (outcome.carouselChanged) opts.onReviewsChanged?.();
      request.log.info({ reviewId: id.data, action }, "review changed from the desk");
      const [review] = await listReviews(db, id.data);
      return review;
    });
  }

  app.delete("/api/desk/reviews/:id", opts.guarded, async (request, reply) => {
    const id = reviewIdSchema.safeParse((request.params as { id?: unknown }).id);
    if (!id.success) return reply.code(404).send({ error: NO_SUCH_REVIEW });
    const outcome = await deleteReview(db, id.data);
    if (!outcome) return reply.code(404).send({ error: NO_SUCH_REVIEW });
    if (outcome.carouselChanged) opts.onReviewsChanged?.();
    request.log.info({ reviewId: id.data }, "review deleted from the desk");
    return reply.code(204).send();
  });
}
