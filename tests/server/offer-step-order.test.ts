import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { requestEvents, serviceRequests } from "../../server/db/schema";
import { offerPage } from "../../src/i18n/en/offer-page";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import { addPartner, answerOffer, offerJob } from "../support/offers";
import { appOnFreshDatabase, postServiceRequest } from "../support/test-app";

/**
 * A partner's own system posts steps to the API, where no button order holds it: the server takes the
 * next step only (On the way, On scene, Done), so a "Done" straight after accepting cannot complete
 * the request and e-mail the driver for a review while nobody went. A skipped step is a 409 naming
 * the step to report first; going back is a 409 too; Could not complete is taken at any step (a truck
 * can break down before it leaves), as the page offers it at every step (docs/partners.md).
 */
describe.each(databaseTargets)("the order of a partner's steps, on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;

  appOnFreshDatabase(
    target,
    { serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 } },
    (ready) => {
      ({ app, db } = ready);
    },
    { alerts: { autoStart: false } },
  );

  /** A request offered to one partner, who accepted it. */
  async function acceptedJob() {
    const { id } = await postServiceRequest(app);
    const partner = await addPartner(db.db);
    const offer = await offerJob(db.db, id, partner.id, new Date());
    expect((await answerOffer(app, offer.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
    return { id, token: offer.token, path: offer.path };
  }
  const step = (token: string, name: string) => answerOffer(app, token, "step", { step: name });
  const statusOf = async (id: number) =>
    (await db.db.select({ s: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.s;
  const progress = async (id: number) =>
    (await db.db.select().from(requestEvents).where(eq(requestEvents.requestId, id)))
      .filter((e) => e.kind === "job_progress")
      .map((e) => e.note);

  it("refuses a skipped step with the step to report first, and takes the steps in order", async () => {
    const job = await acceptedJob();
    for (const skipping of ["done", "on_scene"]) {
      const skipped = await step(job.token, skipping);
      expect(skipped.statusCode, skipping).toBe(409);
      expect(skipped.json().message).toContain("Report “I'm on the way” first");
      expect(skipped.json().offer.step).toBe("accepted");
    }
    expect(await statusOf(job.id)).toBe("dispatched");

    expect((await step(job.token, "on_the_way")).statusCode).toBe(200);
    const early = await step(job.token, "done");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "conflict", offer: { step: "on_the_way" } });
    expect(early.json().message).toContain("Report “I'm on scene” first");

    expect((await step(job.token, "on_scene")).statusCode).toBe(200);
    const back = await step(job.token, "on_the_way");
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain("The job is already past that step.");
    expect((await step(job.token, "done")).statusCode).toBe(200);
    expect(await statusOf(job.id)).toBe("completed");
    expect(await progress(job.id)).toEqual(["on_the_way", "on_scene", "done"]);
  });

  it("takes Could not complete straight after accepting, and the page still offers the next step after a refused one", async () => {
    const job = await acceptedJob();
    const formSkip = await app.inject({
      method: "POST",
      url: `/api/offer/${job.token}/step`,
      payload: "step=done",
      headers: { origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(formSkip.statusCode).toBe(303);
    const page = await app.inject({ method: "GET", url: job.path });
    // The page's one next button: "I'm on the way", its step in a hidden field (React escapes the apostrophe).
    expect(page.body).toContain(offerPage.stepButtons.on_the_way.replace("'", "&#x27;"));
    expect(page.body).toMatch(/name="step" value="on_the_way"/);
    expect(await statusOf(job.id)).toBe("dispatched");

    const broke = await answerOffer(app, job.token, "step", { step: "not_completed", reason: "Truck broke down" });
    expect(broke.statusCode).toBe(200);
    expect(broke.json().offer.step).toBe("not_completed");
    expect(await progress(job.id)).toEqual(["not_completed"]);
  });
});
