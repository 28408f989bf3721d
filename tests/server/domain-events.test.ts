import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { requestEvents, serviceRequests } from "../../server/db/schema";
import { addUser } from "../../server/features/desk/users";
import type { DomainEventMap } from "../../server/shared/domain-events";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { logSink } from "../support/log-sink";
import { addPartner, offerJob } from "../support/offers";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const OWNER = "owner@example.com";
const PASSWORD = "correct horse battery staple";

/**
 * A domain event follows a change already committed: a listener that throws must not turn the route's
 * success into a 500. Its error is logged on the request's log (with its reqId) and counted on /metrics.
 */
describe.each(databaseTargets)("a domain event's listener that throws, on $kind", (target) => {
  const sink = logSink();
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  /** What the listeners registered after the throwing one heard: they still run. */
  const heard: { name: keyof DomainEventMap; requestId?: number }[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig(),
      logger: { level: "error", stream: sink.stream },
      site: emptyTestSite(),
      db,
      // The offer sweep runs when the test says (app.offerExpiry.runOnce()).
      partners: { autoStart: false },
    });
    for (const name of ["request.stored", "request.changed", "offers.unanswered"] as const) {
      app.domainEvents.on(name, () => {
        throw new Error(`listener of ${name} broke`);
      });
      app.domainEvents.on(name, (event) => {
        heard.push({ name, requestId: event.requestId });
      });
    }
    await addUser(db.db, OWNER, PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const failuresLogged = (reqId: string | undefined, name: string) =>
    sink.lines.filter((l) => l.level === 50 && l.reqId === reqId && l.event === name);
  const scrapeCount = async (name: string) => {
    const metrics = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    const line = new RegExp(
      `^towing_domain_event_listener_errors_total\\{event="${name.replace(".", "\\.")}"\\} (\\d+)$`,
      "m",
    );
    return Number(line.exec(metrics.body)?.[1] ?? 0);
  };

  it("answers the web form 201 and stores the request; logs the error with the request's id, and counts it", async () => {
    const { id } = await postServiceRequest(app, {}, { headers: { "x-request-id": "listener-breaks-form" } });
    const [stored] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(stored?.status).toBe("new");
    const [logged] = failuresLogged("listener-breaks-form", "request.stored");
    expect(logged).toMatchObject({ requestId: id, err: { message: "listener of request.stored broke" } });
    expect(heard).toContainEqual({ name: "request.stored", requestId: id });
    expect(await scrapeCount("request.stored")).toBe(1);
  });

  it("answers the desk's status change 200 and stores the move; logs the error with the request's id", async () => {
    const { id } = await postServiceRequest(app);
    const owner = new DeskClient(app);
    expect((await owner.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
    const res = await owner.request({
      method: "POST",
      url: `/api/desk/requests/${id}/status`,
      payload: { status: "contacted" },
      headers: { "x-request-id": "listener-breaks-desk" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });
    expect((await owner.get(`/api/desk/requests/${id}`)).json().request.status).toBe("contacted");
    expect(failuresLogged("listener-breaks-desk", "request.changed")).toHaveLength(1);
    expect(heard).toContainEqual({ name: "request.changed", requestId: id });
    expect(await scrapeCount("request.changed")).toBe(1);
  });

  it("logs an emit outside any request (the offer sweep's) without a request id, and resolves", async () => {
    await expect(app.domainEvents.emit("offers.unanswered", { requestId: 123 })).resolves.toBeUndefined();
    const [logged] = failuresLogged(undefined, "offers.unanswered");
    expect(logged).toMatchObject({ requestId: 123, component: "domain-events" });
    expect(await scrapeCount("offers.unanswered")).toBe(1);
  });

  it("says each job the offer sweep escalated as offers.unanswered (the alert worker's wake-up), past a failing listener", async () => {
    const { id } = await postServiceRequest(app);
    const partner = await addPartner(db.db);
    // Offered 20 minutes ago for 10: nobody answered, so the sweep expires it and the desk must be alerted.
    await offerJob(db.db, id, partner.id, new Date(Date.now() - 20 * 60_000));
    await db.db
      .insert(requestEvents)
      .values({ requestId: id, kind: "offer_sent", actor: OWNER, partnerId: partner.id });
    expect((await app.offerExpiry.runOnce()).escalated).toEqual([id]);
    expect(heard).toContainEqual({ name: "offers.unanswered", requestId: id });
    expect(await scrapeCount("offers.unanswered")).toBe(2);
  });
});
