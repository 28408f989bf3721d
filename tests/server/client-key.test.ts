import { EventEmitter } from "node:events";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { addUser } from "../../server/features/desk/users";
import { createHereLink } from "../../server/features/here/store";
import { clientKeyOf } from "../../server/plugins/client-key";
import connectionLimits from "../../server/plugins/connection-limits";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { SAME_ORIGIN } from "../support/offers";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

const PASSWORD = "correct horse battery staple";

/** Addresses one home's router hands out, all inside 2001:db8:7:<net>::/64 (each test its own home). */
const inSlash64 = (net: number, i: number) =>
  `2001:db8:7:${net.toString(16)}:${(0x1000 + i).toString(16)}:${i}:beef:${i + 1}`;
/** The neighbouring /64: another home. */
const neighbour = (net: number) => `2001:db8:7:${(net + 0x100).toString(16)}::1`;

describe("the one client key every limit counts by", () => {
  it("cuts an IPv6 address to its /64, says an IPv4-mapped address as IPv4, and keeps IPv4 whole", () => {
    expect(clientKeyOf(inSlash64(0x42, 1))).toBe("2001:db8:7:42::");
    expect(clientKeyOf(inSlash64(0x42, 99))).toBe(clientKeyOf(inSlash64(0x42, 1)));
    expect(clientKeyOf(neighbour(0x42))).not.toBe(clientKeyOf(inSlash64(0x42, 1)));
    expect(clientKeyOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKeyOf("198.51.100.7")).toBe("198.51.100.7");
    expect(clientKeyOf("198.51.100.8")).not.toBe(clientKeyOf("198.51.100.7"));
    // However the address is written: mapped in hex or in full, upper case, a /64 in full.
    expect(clientKeyOf("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(clientKeyOf("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKeyOf("::FFFF:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKeyOf("2001:DB8:7:42:0:0:0:1")).toBe("2001:db8:7:42::");
  });

  it("caps the connections of one /64, not of each address in it", async () => {
    const app = Fastify();
    await app.register(connectionLimits, { maxPerClient: 2 });
    await app.ready();
    // The cap's own listener, fed connections as the server would hand them over.
    const onConnection = app.server.listeners("connection").at(-1) as (socket: Socket) => void;
    const connect = (remoteAddress: string) => {
      const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false }) as unknown as Socket;
      socket.destroy = () => {
        (socket as { destroyed: boolean }).destroyed = true;
        return socket;
      };
      onConnection(socket);
      return socket;
    };
    const held = [connect(inSlash64(0x60, 1)), connect(inSlash64(0x60, 2))];
    expect(held.map((s) => s.destroyed)).toEqual([false, false]);
    expect(connect(inSlash64(0x60, 3)).destroyed).toBe(true);
    expect(connect(neighbour(0x60)).destroyed).toBe(false);
    // One closes: the home may open another.
    held[0]?.emit("close");
    expect(connect(inSlash64(0x60, 4)).destroyed).toBe(false);
    await app.close();
  });
});

describe.each(databaseTargets)("every limit counts an IPv6 client by its /64 on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let base = "";
  let requestPage = "";

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      // The test's connections come from 127.0.0.1, a trusted proxy that says who the client is.
      config: testConfig({
        trustProxy: ["127.0.0.1"],
        serviceRequestRateLimit: { max: 3, timeWindowMs: 60_000 },
        chatRateLimit: { max: 3, timeWindowMs: 60_000 },
        requestPageRateLimit: { max: 4, timeWindowMs: 60_000 },
        requestPageStreams: { maxTotal: 100, maxPerClient: 2 },
        deskSignInRateLimit: { max: 3, timeWindowMs: 60_000 },
        alerts: {},
      }),
      logger: false,
      site: emptyTestSite(),
      db,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const created = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: validServiceRequest,
      remoteAddress: "192.0.2.200",
    });
    requestPage = created.json().requestPage as string;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("POST /api/contact and /api/chat: a new address in the same /64 is the same client", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        payload: validServiceRequest,
        remoteAddress: inSlash64(1, i),
      });
      expect(res.statusCode).toBe(201);
    }
    const contact = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: validServiceRequest,
      remoteAddress: inSlash64(1, 50),
    });
    expect(contact.statusCode).toBe(429);
    const chat = (remoteAddress: string) =>
      app.inject({ method: "POST", url: "/api/chat", payload: { text: "hello" }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await chat(inSlash64(1, i))).statusCode).toBe(200);
    expect((await chat(inSlash64(1, 51))).statusCode).toBe(429);
    expect((await chat(neighbour(1))).statusCode).toBe(200);
  });

  it("the request page's lookups: rotating inside one /64 gets the same 429 as one address", async () => {
    const look = (remoteAddress: string) => app.inject({ method: "GET", url: requestPage, remoteAddress });
    for (let i = 0; i < 4; i++) expect((await look(inSlash64(2, 100 + i))).statusCode).toBe(200);
    const rotated = await look(inSlash64(2, 200));
    expect(rotated.statusCode).toBe(429);
    expect(rotated.body).toContain("555-0142");
    // The neighbouring /64 is another home.
    expect((await look(neighbour(2))).statusCode).toBe(200);
  });

  it("the request page's stream cap: a third stream from a new address in the same /64 is refused", async () => {
    const eventsUrl = `${base}${requestPage.replace("/request/", "/api/request/")}/events`;
    const open: IncomingMessage[] = [];
    const openFrom = (client: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        http.get(eventsUrl, { headers: { "x-forwarded-for": client } }, resolve).once("error", reject);
      });
    try {
      for (let i = 0; i < 2; i++) {
        const stream = await openFrom(inSlash64(3, 300 + i));
        open.push(stream);
        expect(stream.statusCode).toBe(200);
      }
      const third = await openFrom(inSlash64(3, 400));
      open.push(third);
      expect(third.statusCode).toBe(429);
      expect(app.requestPageStats?.().streams).toBe(2);
      const elsewhere = await openFrom(neighbour(3));
      open.push(elsewhere);
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      for (const stream of open) stream.destroy();
    }
  });

  it("/here, /api/here and /api/request-location: rotating inside one /64 gets the same 429 as one address", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: validServiceRequest,
      remoteAddress: "192.0.2.201",
    });
    const { token } = await createHereLink(db.db, created.json().id as number, new Date());
    const driverToken = (created.json().requestPage as string).slice("/request/".length);
    const fix = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };
    const routes = [
      (remoteAddress: string) => app.inject({ method: "GET", url: `/here/${token}`, remoteAddress }),
      (remoteAddress: string) =>
        app.inject({ method: "POST", url: `/api/here/${token}`, payload: fix, headers: SAME_ORIGIN, remoteAddress }),
      (remoteAddress: string) =>
        app.inject({
          method: "POST",
          url: `/api/request-location/${driverToken}`,
          payload: fix,
          headers: SAME_ORIGIN,
          remoteAddress,
        }),
    ];
    for (const [n, ask] of routes.entries()) {
      const net = 0x50 + n;
      // One home, four addresses: each answered; a fifth address of the same /64 is the same client.
      for (let i = 0; i < 4; i++) expect((await ask(inSlash64(net, 700 + i))).statusCode).toBeLessThan(300);
      expect((await ask(inSlash64(net, 800))).statusCode).toBe(429);
      // The neighbouring /64 is another home. (Each /64 above was used by one route only; the limit is shared.)
      expect((await ask(neighbour(net))).statusCode).toBeLessThan(300);
    }
  });

  it("/here counts an IPv4 client and its IPv4-mapped IPv6 form as one client", async () => {
    const unknown = `/here/${"D".repeat(43)}`;
    const ask = (remoteAddress: string) => app.inject({ method: "GET", url: unknown, remoteAddress });
    const answers = [];
    for (const address of [
      "198.51.100.77",
      "::ffff:198.51.100.77",
      "198.51.100.77",
      "::ffff:c633:644d",
      "::FFFF:198.51.100.77",
    ])
      answers.push((await ask(address)).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 429]);
    expect((await ask("198.51.100.78")).statusCode).toBe(404);
  });

  it("the desk sign-in per client: wrong tries from rotating addresses in one /64 add up", async () => {
    await addUser(db.db, "owner64@example.com", PASSWORD);
    for (let i = 0; i < 3; i++) {
      const res = await new DeskClient(app, inSlash64(4, 500 + i)).signIn(`stranger${i}@example.com`, "guess");
      expect(res.statusCode).toBe(401);
    }
    // A fresh address in the same /64, trying the real password of an account never tried: still 429.
    const rotated = await new DeskClient(app, inSlash64(4, 600)).signIn("owner64@example.com", PASSWORD);
    expect(rotated.statusCode).toBe(429);
    expect((await new DeskClient(app, neighbour(4)).signIn("owner64@example.com", PASSWORD)).statusCode).toBe(200);
  });
});
