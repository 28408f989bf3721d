import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HIDDEN_MESSAGE, NO_CONSENT_MESSAGE, reviewActions } from "../../../src/shared/review";
import { reviewIdSchema } from "../../../src/shared/review-schema";
import type { Db } from "../../db/client";
import { deskRefusals } from "../desk/signed-in";
import { actOnReview, deleteReview, listReviews } from "./store";

interface DeskReviewRouteOptions {
  db: Db;
  now: () => Date;
}

const NO_SUCH_REVIEW = "There is no such review.";
const noSuchReview = (reply: FastifyReply) => reply.code(404).send({ error: NO_SUCH_REVIEW });
const byId = { params: z.object({ id: reviewIdSchema }) };

/**
 * The desk's reviews, registered inside the desk's routes (so behind its session and CSRF rules):
 * - GET /api/desk/reviews: every review, hidden ones included, newest first;
 * - POST /api/desk/reviews/:id/{publish,unpublish,hide,unhide}: the owner's decisions. Publishing a
 *   review the driver did not allow on the website is a 409 that says so; nothing here changes words;
 * - DELETE /api/desk/reviews/:id: deletes it for good (a driver who asked), 204.
 * The home carousel is told ("reviews.changed") only when a review went on or off the website.
 */
export default async function deskReviewRoutes(instance: FastifyInstance, opts: DeskReviewRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler(deskRefusals(noSuchReview));
  const { db, now } = opts;
  app.get("/api/desk/reviews", async () => listReviews(db));

  for (const action of reviewActions) {
    app.post(`/api/desk/reviews/:id/${action}`, { schema: byId }, async (request, reply) => {
      const { id } = request.params;
      const outcome = await actOnReview(db, id, action, now());
      if (!outcome) return noSuchReview(reply);
      if ("noConsent" in outcome) return reply.code(409).send({ error: NO_CONSENT_MESSAGE });
      if ("hidden" in outcome) return reply.code(409).send({ error: HIDDEN_MESSAGE });
      if (outcome.carouselChanged) await app.domainEvents.emit("reviews.changed", {});
      request.log.info({ reviewId: id, action }, "review changed from the desk");
      const [review] = await listReviews(db, id);
      return review;
    });
  }

  app.delete("/api/desk/reviews/:id", { schema: byId }, async (request, reply) => {
    const { id } = request.params;
    const outcome = await deleteReview(db, id);
    if (!outcome) return noSuchReview(reply);
    if (outcome.carouselChanged) await app.domainEvents.emit("reviews.changed", {});
    request.log.info({ reviewId: id }, "review deleted from the desk");
    return reply.code(204).send();
  });
}
