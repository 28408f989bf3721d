import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { alertOutbox, deskPushSubscriptions, deskUsers } from "../../server/db/schema";
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from "../../server/features/alerts/push-subscriptions";
import { addUser } from "../../server/features/desk/users";
import { PUSH_ENDPOINT_NOT_HTTPS, PUSH_ENDPOINT_NOT_PUBLIC } from "../../server/shared/public-endpoint";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { addPartner, answerOffer, offerJob } from "../support/offers";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase, postServiceRequest, type TestDatabase } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";
import { browserSubscription, type LocalPushService, startPushService, verifyVapid } from "../support/web-push";

const pglite = databaseTargets[0];
if (!pglite) throw new Error("no database target");
const OWNER = "owner.push@example.com";
const PASSWORD = "a long desk password for push";
const SUBJECT = "mailto:dispatch@stocktontowing.example";

/**
 * Web Push alerts end to end over real HTTP: the desk subscribes a phone, a driver sends a request,
 * the outbox worker delivers it to a local push service, and the test reads it as the phone would.
 */
describe.each(databaseTargets)("Web Push alerts on $kind", (target) => {
  const vapid = webpush.generateVAPIDKeys();
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let push: LocalPushService;
  let app: FastifyInstance;
  let desk: DeskClient;
  const logLines: string[] = [];

  const send = async (fields: Record<string, string> = {}) => (await postServiceRequest(app, fields)).id;
  const pushAlertOf = async (id: number) =>
    (await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id))).find(
      (a) => a.channel === "push",
    );
  const subscribe = (subscription: unknown) =>
    desk.request({ method: "POST", url: "/api/desk/push-subscriptions", payload: subscription as object });

  beforeAll(async () => {
    db = await openTestDatabase(target);
    push = await startPushService();
    app = await buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        // The local push service is on 127.0.0.1: allowed as the e2e server allows it (WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS).
        alerts: {
          push: {
            publicKey: vapid.publicKey,
            privateKey: vapid.privateKey,
            subject: SUBJECT,
            allowLoopbackEndpoints: true,
          },
        },
      }),
      logger: {
        level: "info",
        stream: new Writable({
          write(chunk, _e, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
      site: emptyTestSite(),
      db,
      alerts: { autoStart: false },
    });
    await app.ready();
    await addUser(db.db, OWNER, PASSWORD);
    desk = new DeskClient(app);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await push?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.db.delete(deskPushSubscriptions);
    push.messages.length = 0;
  });

  it("the desk learns the public key; a subscribed phone gets each new request, encrypted for it and signed", async () => {
    expect((await desk.get("/api/desk/push")).json()).toEqual({ publicKey: vapid.publicKey });
    const phone = browserSubscription(push.endpoint("phone-1"));
    expect((await subscribe(phone.json)).statusCode).toBe(204);

    const id = await send({ service: "Flat Tire", pickupLocation: "Hammer Ln & West Ln, Stockton" });
    expect((await pushAlertOf(id))?.state).toBe("pending");
    await app.alerts.worker.runOnce();

    expect(push.messages.map((m) => m.path)).toEqual(["/phone-1"]);
    const [message] = push.messages;
    if (!message) throw new Error("nothing pushed");
    expect(message.headers["content-encoding"]).toBe("aes128gcm");
    expect(message.headers.ttl).toBe("3600");
    expect(message.headers.urgency).toBe("high");
    expect(verifyVapid(message.headers.authorization, vapid.publicKey, phone.json.endpoint).sub).toBe(SUBJECT);
    expect(JSON.parse(phone.decrypt(message.body))).toEqual({
      title: `New request #${id}`,
      body: "Flat Tire, Hammer Ln & West Ln, Stockton",
      url: `/desk#/requests/${id}`,
      tag: `service-request-${id}`,
    });
    expect((await pushAlertOf(id))?.state).toBe("sent");
  });

  it("a request from the Spanish site says Spanish first on the phone, new and cancelled alike", async () => {
    const phone = browserSubscription(push.endpoint("phone-spanish"));
    expect((await subscribe(phone.json)).statusCode).toBe(204);
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        ...validServiceRequest,
        service: "Towing",
        // Long enough to be cut: the language still shows.
        pickupLocation: `Pacific Ave & March Ln, Stockton, ${"next to the big parking lot ".repeat(5)}`,
        language: "es",
      },
    });
    const { id, requestPage } = res.json() as { id: number; requestPage: string };
    await app.alerts.worker.runOnce();
    const pushed = () => {
      const [message] = push.messages;
      if (!message) throw new Error("nothing pushed");
      return JSON.parse(phone.decrypt(message.body)) as { title: string; body: string };
    };
    expect(pushed().title).toBe(`New request #${id}`);
    expect(pushed().body).toMatch(/^Spanish: Towing, Pacific Ave & March Ln, Stockton, next to .*…$/);
    expect(pushed().body.length).toBeLessThanOrEqual(120);
    push.messages.length = 0;
    await app.inject({
      method: "POST",
      url: `${requestPage.replace("/request/", "/api/request/")}/cancel`,
      headers: { origin: "http://localhost:80" },
      payload: {},
    });
    await app.alerts.worker.runOnce();
    expect(pushed().title).toBe(`Cancelled by the driver: #${id}`);
    expect(pushed().body).toMatch(/^Spanish: Towing, /);
  });

  it("the driver's cancel reaches the phone too, as a notification of its own", async () => {
    const phone = browserSubscription(push.endpoint("phone-cancel"));
    expect((await subscribe(phone.json)).statusCode).toBe(204);
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validServiceRequest, service: "Towing", pickupLocation: "Pacific Ave & March Ln, Stockton" },
    });
    const { id, requestPage } = res.json() as { id: number; requestPage: string };
    await app.alerts.worker.runOnce();
    push.messages.length = 0;
    const cancel = await app.inject({
      method: "POST",
      url: `${requestPage.replace("/request/", "/api/request/")}/cancel`,
      headers: { origin: "http://localhost:80" },
      payload: { reason: "No longer needed" },
    });
    expect(cancel.statusCode).toBe(200);
    await app.alerts.worker.runOnce();
    const [message] = push.messages;
    if (!message) throw new Error("nothing pushed");
    expect(JSON.parse(phone.decrypt(message.body))).toEqual({
      title: `Cancelled by the driver: #${id}`,
      body: "Towing, Pacific Ave & March Ln, Stockton",
      url: `/desk#/requests/${id}`,
      tag: `service-request-${id}-cancelled`,
    });
    const alerts = await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id));
    expect(alerts.map((a) => `${a.kind} ${a.channel} ${a.state}`).sort()).toEqual([
      "cancelled push sent",
      "new_request push sent",
    ]);
  });

  it("a partner's Could not complete reaches the phone at once, naming them", async () => {
    const phone = browserSubscription(push.endpoint("phone-not-completed"));
    expect((await subscribe(phone.json)).statusCode).toBe(204);
    const id = await send({ service: "Towing", pickupLocation: "Hammer Ln & West Ln, Stockton" });
    await app.alerts.worker.runOnce();
    push.messages.length = 0;
    const partner = await addPartner(db.db, { companyName: "Cedar Towing" });
    const offer = await offerJob(db.db, id, partner.id, new Date());
    expect((await answerOffer(app, offer.token, "accept", { etaMinutes: 20 })).statusCode).toBe(200);
    expect(
      (await answerOffer(app, offer.token, "step", { step: "not_completed", reason: "Gone on arrival" })).statusCode,
    ).toBe(200);
    await app.alerts.worker.runOnce();
    const [message] = push.messages;
    if (!message) throw new Error("nothing pushed");
    expect(JSON.parse(phone.decrypt(message.body))).toEqual({
      title: `Cedar Towing could not complete #${id}`,
      body: "Towing, Hammer Ln & West Ln, Stockton",
      url: `/desk#/requests/${id}`,
      tag: `service-request-${id}-not-completed`,
    });
    const sent = await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id));
    expect(
      sent
        .filter((a) => a.channel === "push")
        .map((a) => `${a.kind} ${a.state}`)
        .sort(),
    ).toEqual(["job_not_completed sent", "new_request sent"]);
  });

  it("a phone its push service calls gone is forgotten; the alert is sent when another phone took it", async () => {
    const gone = browserSubscription(push.endpoint("gone/old-phone"));
    const phone = browserSubscription(push.endpoint("phone-2"));
    await subscribe(gone.json);
    await subscribe(phone.json);
    const id = await send();
    await app.alerts.worker.runOnce();
    expect(push.messages.map((m) => m.path).sort()).toEqual(["/gone/old-phone", "/phone-2"]);
    expect((await pushAlertOf(id))?.state).toBe("sent");
    const left = await db.db.select({ endpoint: deskPushSubscriptions.endpoint }).from(deskPushSubscriptions);
    expect(left).toEqual([{ endpoint: phone.json.endpoint }]);
  });

  it("when every phone fails the alert is tried again later, and no log or outbox line names an endpoint", async () => {
    const broken = browserSubscription(push.endpoint("broken/secret-capability-path"));
    await subscribe(broken.json);
    const id = await send();
    await app.alerts.worker.runOnce();
    const alert = await pushAlertOf(id);
    expect(alert?.state).toBe("pending");
    expect(alert?.lastError).toBe("push: 1 of 1 phones failed (HTTP 500)");
    expect(logLines.join("")).not.toContain("secret-capability-path");
  });

  it("unsubscribing stops the pushes to that phone", async () => {
    const phone = browserSubscription(push.endpoint("phone-3"));
    await subscribe(phone.json);
    const off = await desk.request({
      method: "DELETE",
      url: "/api/desk/push-subscriptions",
      payload: { endpoint: phone.json.endpoint },
    });
    expect(off.statusCode).toBe(204);
    const id = await send();
    await app.alerts.worker.runOnce();
    expect(push.messages).toEqual([]);
    expect((await pushAlertOf(id))?.state).toBe("sent");
  });

  it("a subscription is refused with a reason unless it is a browser's, from a signed-in desk page", async () => {
    const phone = browserSubscription(push.endpoint("phone-4"));
    const elsewhere = { ...phone.json, endpoint: "http://203.0.113.5/push" };
    const wrongKey = { ...phone.json, keys: { ...phone.json.keys, p256dh: "abc" } };
    expect((await subscribe(elsewhere)).json().error).toBe("endpoint: The push endpoint must be an https address.");
    expect((await subscribe(wrongKey)).json().error).toMatch(/p256dh key must be/);
    const noToken = await desk.request({
      method: "POST",
      url: "/api/desk/push-subscriptions",
      payload: phone.json,
      csrf: false,
    });
    expect(noToken.statusCode).toBe(403);
    const stranger = new DeskClient(app, "203.0.113.77");
    await stranger.session();
    expect((await stranger.post("/api/desk/push-subscriptions", phone.json)).statusCode).toBe(401);
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
  });

  it("even with the test allowance, only this machine is taken over http, and no private address at all", async () => {
    for (const endpoint of ["http://10.0.0.5/push", "http://push.example/x"]) {
      const res = await subscribe(browserSubscription(endpoint).json);
      expect(res.json().error, endpoint).toBe(`endpoint: ${PUSH_ENDPOINT_NOT_HTTPS}`);
    }
    for (const endpoint of ["https://192.168.1.20/push", "https://[fd00::1]/push"]) {
      const res = await subscribe(browserSubscription(endpoint).json);
      expect(res.json().error, endpoint).toBe(`endpoint: ${PUSH_ENDPOINT_NOT_PUBLIC}`);
    }
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
  });

  it(`a desk user keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} phones: a new one replaces the one given least recently`, async () => {
    const phones = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 1 }, (_, i) =>
      browserSubscription(push.endpoint(`cap/phone-${i}`)),
    );
    for (const phone of phones.slice(0, MAX_PUSH_SUBSCRIPTIONS_PER_USER)) {
      expect((await subscribe(phone.json)).statusCode).toBe(204);
    }
    // The first phone is in use: its desk opened again and gave its subscription again.
    expect((await subscribe(phones[0]?.json)).statusCode).toBe(204);
    expect((await subscribe(phones[MAX_PUSH_SUBSCRIPTIONS_PER_USER]?.json)).statusCode).toBe(204);

    const kept = (await db.db.select({ endpoint: deskPushSubscriptions.endpoint }).from(deskPushSubscriptions)).map(
      (r) => r.endpoint,
    );
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).toContain(phones[0]?.json.endpoint);
    expect(kept).toContain(phones[MAX_PUSH_SUBSCRIPTIONS_PER_USER]?.json.endpoint);
    // The one replaced: subscribed longest ago and not given since.
    expect(kept).not.toContain(phones[1]?.json.endpoint);

    // And the alert goes to exactly the phones kept.
    const id = await send();
    await app.alerts.worker.runOnce();
    expect(push.messages.map((m) => push.endpoint(m.path.slice(1))).sort()).toEqual([...kept].sort());
    expect((await pushAlertOf(id))?.state).toBe("sent");
  });
});

/**
 * Production's rule, without the tests' allowance: a desk account must not be able to make the server
 * post to this machine or to private networks (the outbox posts to whatever endpoint is saved).
 */
describe("Web Push endpoints in production", () => {
  const vapid = webpush.generateVAPIDKeys();
  let app: FastifyInstance;
  let db: TestDatabase;
  let desk: DeskClient;
  let push: LocalPushService;
  appOnFreshDatabase(
    pglite,
    {
      serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      alerts: { push: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: SUBJECT } },
    },
    (ready) => ({ app, db } = ready),
    { alerts: { autoStart: false } },
  );
  beforeAll(async () => {
    push = await startPushService();
    await addUser(db.db, OWNER, PASSWORD);
    desk = new DeskClient(app);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await push?.close();
  });

  it("refuses an endpoint on this machine, a private network or a reserved address, saying why", async () => {
    const refused: [string, string][] = [
      [push.endpoint("local-service"), PUSH_ENDPOINT_NOT_HTTPS],
      ["http://localhost:5432/", PUSH_ENDPOINT_NOT_HTTPS],
      ["ftp://push.example/x", PUSH_ENDPOINT_NOT_HTTPS],
      ["https://127.0.0.1/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://127.1.2.3:8443/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://2130706433/push", PUSH_ENDPOINT_NOT_PUBLIC], // 127.0.0.1 written as one number
      ["https://localhost/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://api.localhost/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://10.1.2.3/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://172.20.0.1/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://192.168.0.1/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://169.254.169.254/latest/meta-data", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://100.64.0.1/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://0.0.0.0/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://[::1]/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://[fe80::1]/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://[fd12:3456::1]/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://[::ffff:127.0.0.1]/push", PUSH_ENDPOINT_NOT_PUBLIC],
      ["https://intranet/push", PUSH_ENDPOINT_NOT_PUBLIC],
    ];
    for (const [endpoint, reason] of refused) {
      const res = await desk.post("/api/desk/push-subscriptions", browserSubscription(endpoint).json);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error, endpoint).toBe(`endpoint: ${reason}`);
    }
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
    expect(push.messages).toEqual([]);
  });

  it("takes the browsers' push services: https on a public host or address", async () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGx",
      "https://8.8.8.8/push",
      "https://[2606:4700::1111]/push",
    ]) {
      const res = await desk.post("/api/desk/push-subscriptions", browserSubscription(endpoint).json);
      expect(res.statusCode, endpoint).toBe(204);
    }
    await db.db.delete(deskPushSubscriptions);
  });

  it("a local endpoint saved before the rule is forgotten by the sender, never posted to", async () => {
    const [owner] = await db.db.select({ id: deskUsers.id }).from(deskUsers).where(eq(deskUsers.email, OWNER));
    if (!owner) throw new Error("no owner");
    const local = browserSubscription(push.endpoint("saved-before-the-rule"));
    await db.db.insert(deskPushSubscriptions).values({
      userId: owner.id,
      endpoint: local.json.endpoint,
      p256dh: local.json.keys.p256dh,
      auth: local.json.keys.auth,
    });
    const res = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    expect(res.statusCode).toBe(201);
    await app.alerts.worker.runOnce();
    expect(push.messages).toEqual([]);
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
    const [alert] = await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, res.json().id));
    expect(alert?.state).toBe("sent");
  });
});

describe("Web Push configuration", () => {
  const keys = webpush.generateVAPIDKeys();
  const env = { WEB_PUSH_PUBLIC_KEY: keys.publicKey, WEB_PUSH_PRIVATE_KEY: keys.privateKey, WEB_PUSH_SUBJECT: SUBJECT };

  it("is all three variables or none, and says which is wrong", () => {
    expect(loadConfig({}).alerts.push).toBeUndefined();
    expect(loadConfig(env).alerts.push).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: SUBJECT,
      allowLoopbackEndpoints: false,
    });
    // The tests' allowance for a local push service is said in so many words, or refused.
    expect(loadConfig({ ...env, WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS: "true" }).alerts.push?.allowLoopbackEndpoints).toBe(
      true,
    );
    expect(() => loadConfig({ ...env, WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS: "yes" })).toThrow(
      /WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS/,
    );
    expect(() => loadConfig({ ...env, WEB_PUSH_PRIVATE_KEY: "" })).toThrow(
      /WEB_PUSH_PRIVATE_KEY must be a VAPID private key/,
    );
    expect(() => loadConfig({ ...env, WEB_PUSH_PUBLIC_KEY: keys.privateKey })).toThrow(/WEB_PUSH_PUBLIC_KEY must be/);
    expect(() => loadConfig({ ...env, WEB_PUSH_SUBJECT: "owner@example.com" })).toThrow(
      /WEB_PUSH_SUBJECT must be a mailto: address or an https: URL/,
    );
  });

  it("without it the desk offers no switch, and refuses a subscription with what to set", async () => {
    const db = await openTestDatabase(pglite);
    const app = await buildApp({
      config: testConfig(),
      logger: false,
      site: emptyTestSite(),
      db,
      alerts: { autoStart: false },
    });
    try {
      await addUser(db.db, OWNER, PASSWORD);
      const desk = new DeskClient(app);
      await desk.signIn(OWNER, PASSWORD);
      expect((await desk.get("/api/desk/push")).json()).toEqual({ publicKey: null });
      const phone = browserSubscription("https://push.example/phone");
      const res = await desk.post("/api/desk/push-subscriptions", phone.json);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/set WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT/);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
