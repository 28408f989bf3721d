import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { alertOutbox, deskPushSubscriptions } from "../../server/db/schema";
import { addUser } from "../../server/features/desk/users";
import type { ResolvedAddress } from "../../server/shared/endpoint-address";
import { PUSH_ENDPOINT_NOT_PUBLIC } from "../../server/shared/public-endpoint";
import { databaseTargets } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase, type TestDatabase } from "../support/test-app";
import { browserSubscription } from "../support/web-push";

const OWNER = "owner.resolve@example.com";
const PASSWORD = "a long desk password for resolving";
const SUBJECT = "mailto:dispatch@stocktontowing.example";

/**
 * A name server of the test's own: what each name resolves to (a list, or a function of how many times
 * it was asked), and every question it was asked, in order.
 */
function testResolver() {
  const answers = new Map<string, (asked: number) => string[]>();
  const asked: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    asked.push(host);
    const answer = answers.get(host);
    if (!answer) throw Object.assign(new Error(`no such name: ${host}`), { code: "ENOTFOUND" });
    const times = asked.filter((h) => h === host).length;
    return answer(times).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return {
    resolve,
    asked,
    answer(host: string, addresses: string[] | ((asked: number) => string[])) {
      answers.set(host, typeof addresses === "function" ? addresses : () => addresses);
    },
  };
}

/** A TCP port that counts the connections made to it, and answers none of them. */
async function connectionCounter() {
  let connections = 0;
  const server: Server = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a push service at `host` (another loopback address than the system's 127.0.0.1) was sent. */
async function pushServiceAt(host: string) {
  const received: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push({ path: req.url ?? "/", headers: req.headers });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the push-endpoint rule, before any name is resolved", () => {
  const vapid = webpush.generateVAPIDKeys();
  let app: FastifyInstance;
  let db: TestDatabase;
  const [pglite] = databaseTargets;
  if (!pglite) throw new Error("no database target");
  appOnFreshDatabase(
    pglite,
    { alerts: { push: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: SUBJECT } } },
    (ready) => ({ app, db } = ready),
    { alerts: { autoStart: false } },
  );

  it("refuses cloud metadata names, trailing-dot tricks, IPv4 inside IPv6 and special-use names", async () => {
    await addUser(db.db, OWNER, PASSWORD);
    const desk = new DeskClient(app);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
    for (const endpoint of [
      "https://metadata.google.internal/x",
      "https://localhost../x",
      "https://LOCALHOST.../x",
      "https://[::127.0.0.1]/x",
      "https://[::10.0.0.1]/x",
      "https://[::ffff:0:169.254.169.254]/x",
      "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", // Teredo
      "https://push..example.com/x",
      "https://router.lan/x",
      "https://nas.local/x",
      "https://printer.home.arpa/x",
      "https://service.test/x",
    ]) {
      const res = await desk.post("/api/desk/push-subscriptions", browserSubscription(endpoint).json);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error, endpoint).toBe(`endpoint: ${PUSH_ENDPOINT_NOT_PUBLIC}`);
    }
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
  });
});

describe.each(databaseTargets)("Web Push resolves each push service's name before each push on $kind", (target) => {
  const vapid = webpush.generateVAPIDKeys();
  const names = testResolver();
  let app: FastifyInstance;
  let db: TestDatabase;
  let desk: DeskClient;
  let port: Awaited<ReturnType<typeof connectionCounter>>;

  appOnFreshDatabase(
    target,
    {
      serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      // The production rule: no allowance for this machine.
      alerts: { push: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: SUBJECT } },
    },
    (ready) => ({ app, db } = ready),
    { alerts: { autoStart: false, resolvePushHost: names.resolve } },
  );
  beforeAll(async () => {
    port = await connectionCounter();
    await addUser(db.db, OWNER, PASSWORD);
    desk = new DeskClient(app);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await port?.close();
  });
  beforeEach(async () => {
    await db.db.delete(deskPushSubscriptions);
    names.asked.length = 0;
  });

  const pushOnce = async () => {
    const res = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    expect(res.statusCode).toBe(201);
    await app.alerts.worker.runOnce();
    const [push] = (
      await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, res.json().id))
    ).filter((a) => a.channel === "push");
    return push;
  };

  it("refuses a public-looking name that resolves to a private, loopback, link-local, unique-local or metadata address", async () => {
    const privateAnswers: [string, string[]][] = [
      ["ten.push.example.com", ["10.0.0.5"]],
      ["metadata.push.example.com", ["169.254.169.254"]],
      ["loop.push.example.com", ["127.0.0.1"]],
      ["mapped.push.example.com", ["::ffff:127.0.0.1"]],
      ["compat.push.example.com", ["::7f00:1"]],
      ["ula.push.example.com", ["fd00::1"]],
      ["linklocal.push.example.com", ["fe80::1"]],
      ["six-loop.push.example.com", ["::1"]],
      // One bad address among good ones refuses the name: which a connection would take is not ours to say.
      ["mixed.push.example.com", ["8.8.8.8", "192.168.1.10"]],
    ];
    for (const [name, addresses] of privateAnswers) {
      names.answer(name, addresses);
      // The desk's rule reads the endpoint only, so it takes the name; the sender is what resolves it.
      const endpoint = `https://${name}:${port.port}/push/${name}`;
      const res = await desk.post("/api/desk/push-subscriptions", browserSubscription(endpoint).json);
      expect(res.statusCode, name).toBe(204);
    }
    const alert = await pushOnce();
    // Each name asked once, for this push; none connected to; every such phone forgotten.
    expect([...names.asked].sort()).toEqual(privateAnswers.map(([name]) => name).sort());
    expect(port.connections()).toBe(0);
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
    expect(alert?.state).toBe("sent");
  });

  it("keeps a phone whose name does not resolve, and tries the alert again later", async () => {
    const endpoint = `https://nowhere.push.example.com:${port.port}/push/x`;
    expect((await desk.post("/api/desk/push-subscriptions", browserSubscription(endpoint).json)).statusCode).toBe(204);
    const alert = await pushOnce();
    expect(alert).toMatchObject({
      state: "pending",
      lastError: expect.stringMatching(/did not resolve \(ENOTFOUND\)/),
    });
    expect(alert?.lastError).not.toContain("nowhere");
    expect((await db.db.select().from(deskPushSubscriptions)).length).toBe(1);
    expect(port.connections()).toBe(0);
    await db.db.update(alertOutbox).set({ state: "sent" }).where(eq(alertOutbox.state, "pending"));
  });
});

describe.each(databaseTargets)("Web Push connects to the address it checked on $kind", (target) => {
  const vapid = webpush.generateVAPIDKeys();
  const names = testResolver();
  let app: FastifyInstance;
  let db: TestDatabase;
  let desk: DeskClient;
  let service: Awaited<ReturnType<typeof pushServiceAt>>;

  appOnFreshDatabase(
    target,
    {
      serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      // WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS: the test's push service is on this machine.
      alerts: {
        push: {
          publicKey: vapid.publicKey,
          privateKey: vapid.privateKey,
          subject: SUBJECT,
          allowLoopbackEndpoints: true,
        },
      },
    },
    (ready) => ({ app, db } = ready),
    { alerts: { autoStart: false, resolvePushHost: names.resolve } },
  );
  beforeAll(async () => {
    // On 127.0.0.2 only: the system's own answer for localhost (127.0.0.1 or ::1) reaches nothing there.
    service = await pushServiceAt("127.0.0.2");
    await addUser(db.db, OWNER, PASSWORD);
    desk = new DeskClient(app);
    expect((await desk.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("posts to the resolved address, resolving again at every push, and refuses the name once it points elsewhere", async () => {
    // First two pushes: localhost is 127.0.0.2 (on this machine, which the test allowance takes); then 10.0.0.7.
    names.answer("localhost", (asked) => (asked <= 2 ? ["127.0.0.2"] : ["10.0.0.7"]));
    const endpoint = `http://localhost:${service.port}/push/phone`;
    expect((await desk.post("/api/desk/push-subscriptions", browserSubscription(endpoint).json)).statusCode).toBe(204);
    const send = async () => {
      const res = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
      await app.alerts.worker.runOnce();
      return (await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, res.json().id))).find(
        (a) => a.channel === "push",
      );
    };
    expect((await send())?.state).toBe("sent");
    expect((await send())?.state).toBe("sent");
    expect(service.received.map((r) => r.path)).toEqual(["/push/phone", "/push/phone"]);
    // The request still names the push service's host: only the address was fixed.
    expect(service.received[0]?.headers.host).toBe(`localhost:${service.port}`);
    expect(names.asked).toEqual(["localhost", "localhost"]);
    // Rebound to a private address: refused at the next push, never posted to, and the phone forgotten.
    await send();
    expect(names.asked).toEqual(["localhost", "localhost", "localhost"]);
    expect(service.received.length).toBe(2);
    expect(await db.db.select().from(deskPushSubscriptions)).toEqual([]);
  });
});
