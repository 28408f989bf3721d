import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { alertOutbox, serviceRequests } from "../../server/db/schema";
import { offerPage } from "../../src/i18n/en/offer-page";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import type { DeskClient } from "../support/desk-client";
import { addPartner, answerOffer, offerJob, reportJobDone } from "../support/offers";
import { appWithOwner, postServiceRequest } from "../support/test-app";

const OWNER = "owner@example.com";

/**
 * A request the desk closed (spam, lost, or completed without the partner) takes no partner step: a
 * late "Done" must not turn Spam into Completed and e-mail the "driver" for a review. The step is
 * answered 409 in words, and the offer's page says the job is closed instead of offering steps.
 */
describe.each(databaseTargets)("a partner's step on a request the desk closed, on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;

  appWithOwner(
    target,
    {
      serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      // E-mail is a channel, so a Done would queue the driver's review e-mail.
      alerts: { email: { smtpUrl: "smtp://127.0.0.1:9", from: "alerts@example.com", to: [OWNER] } },
    },
    (ready) => ({ app, db, owner } = ready),
    { alerts: { autoStart: false } },
  );

  const statusOf = async (id: number) =>
    (await db.db.select({ s: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.s;
  const reviewMails = (id: number) =>
    db.db
      .select()
      .from(alertOutbox)
      .where(and(eq(alertOutbox.serviceRequestId, id), eq(alertOutbox.kind, "review_request")));

  for (const closedAs of ["spam", "lost", "completed"] as const) {
    it(`after the desk marks it ${closedAs}, "Done" is refused, nothing is queued, and the page says the job is closed`, async () => {
      const { id } = await postServiceRequest(app, { email: "driver@example.com" });
      const partner = await addPartner(db.db);
      const offer = await offerJob(db.db, id, partner.id, new Date());
      expect((await answerOffer(app, offer.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
      expect((await answerOffer(app, offer.token, "step", { step: "on_the_way" })).statusCode).toBe(200);
      expect((await owner.post(`/api/desk/requests/${id}/status`, { status: closedAs })).statusCode).toBe(200);
      const queuedBefore = (await reviewMails(id)).length;

      for (const step of ["done", "on_scene", "not_completed"]) {
        const late = await answerOffer(app, offer.token, "step", { step });
        expect(late.statusCode, step).toBe(409);
        expect(late.json().message).toContain("The dispatcher closed this request.");
      }
      expect(await statusOf(id)).toBe(closedAs);
      expect(await reviewMails(id)).toHaveLength(queuedBefore);

      const page = await app.inject({ method: "GET", url: offer.path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(offerPage.closedHeading);
      expect(page.body).not.toContain(offerPage.stepButtons.done);
    });
  }

  it("a job the partner finished still shows as finished, not closed", async () => {
    const { id } = await postServiceRequest(app, { email: "driver2@example.com" });
    const partner = await addPartner(db.db);
    const offer = await offerJob(db.db, id, partner.id, new Date());
    await answerOffer(app, offer.token, "accept", { etaMinutes: 20 });
    expect((await reportJobDone(app, offer.token)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe("completed");
    expect(await reviewMails(id)).toHaveLength(1);
    const page = await app.inject({ method: "GET", url: offer.path });
    expect(page.body).not.toContain(offerPage.closedHeading);
    expect(page.body).toContain(offerPage.finished);
  });
});
