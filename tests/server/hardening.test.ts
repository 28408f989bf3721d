import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { LOCK_FILE } from "../../server/db/lock";
import { testConfig } from "../support/config";
import { copyMigratedPglite, databaseTargets, openTestDatabase } from "../support/databases";
import { freePort, startServer, stopServer, waitHealthy, writeMinimalSite } from "../support/server-process";
import { emptyTestSite } from "../support/test-site";

/** Defects an outside probe reproduced (issue 10), each pinned by a test that failed before its fix. */
const valid = {
  name: "Maria Lopez",
  email: "maria.lopez@example.com",
  phone: "(209) 555-0100",
  service: "Towing",
  pickupLocation: "4410 Pacific Ave, Stockton",
  dropoffLocation: "1200 W Fremont St, Stockton",
};

/** Opens a raw connection, sends the headers of a POST and part of its body, then nothing more. */
function slowClient(port: number, onSent: () => void = () => {}) {
  return new Promise<{ closedAfterMs: number; response: string }>((resolve, reject) => {
    const started = performance.now();
    let response = "";
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":',
        onSent,
      );
    });
    socket.on("data", (d) => {
      response += String(d);
    });
    socket.on("close", () => resolve({ closedAfterMs: performance.now() - started, response }));
    socket.on("error", reject);
  });
}

describe("timeouts and connection caps on a listening server", () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({
        timeouts: { requestMs: 1_000, idleMs: 5_000, keepAliveMs: 500 },
        maxConnectionsPerClient: 5,
      }),
      logger: false,
      site: emptyTestSite(),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("closes a request whose body never finishes once the request timeout has passed", async () => {
    const { closedAfterMs, response } = await slowClient(port);
    expect(response).toMatch(/^HTTP\/1.1 408/);
    // Bounded by the timeout (1 s) plus Node's check interval, far below the 330 s the probe saw.
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it("one host holding its cap of open connections cannot take more, and the server still answers", async () => {
    const hogs = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, "127.0.0.1", () => resolve(s));
          }),
      ),
    );
    try {
      const sixth = await new Promise<string>((resolve) => {
        const s = net.connect(port, "127.0.0.1", () => s.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"));
        let got = "";
        s.on("data", (d) => {
          got += String(d);
        });
        s.on("close", () => resolve(got));
        s.on("error", () => resolve(got));
      });
      expect(sixth).toBe(""); // closed before any answer
    } finally {
      for (const s of hogs) s.destroy();
    }
    // Once they let go, the host is served again.
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, {
        timeout: 10_000,
      })
      .toBe(200);
  });
});

describe.each(databaseTargets)("bad input and failures on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({ serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 } }),
      logger: {
        level: "info",
        stream: new Writable({
          write(chunk, _e, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      },
      site: emptyTestSite(),
      db,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const post = (payload: string) =>
    app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload });

  it("a JSON body with a __proto__ or constructor key is read without it, not refused as invalid JSON", async () => {
    const res = await post(
      `{"__proto__":{"admin":true},"constructor":{"prototype":{}},${JSON.stringify(valid).slice(1)}`,
    );
    expect(res.statusCode).toBe(201);
  });

  it("a NUL in a field is a 400 naming the field, in JSON and in a form", async () => {
    const res = await post(JSON.stringify({ ...valid, name: "A\u0000B" }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(["name"]);
    const form = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...valid, pickupLocation: "Main\u0000St" }).toString(),
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain("Pickup location: Contains a character that cannot be saved");
  });

  it("a failing insert logs the failure once, without the visitor's data", async () => {
    const broken = await openTestDatabase(target);
    const lines: string[] = [];
    const failing = await buildApp({
      config: testConfig(),
      logger: {
        level: "info",
        stream: new Writable({
          write(chunk, _e, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
      site: emptyTestSite(),
      db: broken,
    });
    try {
      await failing.ready();
      await broken.close();
      for (const type of ["application/json", "application/x-www-form-urlencoded"]) {
        lines.length = 0;
        const res = await failing.inject({
          method: "POST",
          url: "/api/contact",
          headers: { "content-type": type },
          payload: type === "application/json" ? JSON.stringify(valid) : new URLSearchParams(valid).toString(),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        const log = lines.join("");
        // The request's own error lines: the background workers (alerts, retention) find the database
        // closed too, on their own clock, and log that without a request id.
        const requestId = res.headers["x-request-id"];
        const errors = lines.filter((l) => JSON.parse(l).level >= 50 && JSON.parse(l).reqId === requestId);
        expect(requestId).toBeTruthy();
        expect(errors, log).toHaveLength(1);
        for (const personal of [valid.name, valid.email, "555-0100", "Pacific", "Fremont", "Maria"]) {
          expect(log).not.toContain(personal);
        }
      }
    } finally {
      await failing.close();
    }
  });
});

describe("SIGTERM with a client that never finishes its request", () => {
  it("exits 0 within the grace period, closing the database and releasing the folder", {
    timeout: 180_000,
  }, async () => {
    const root = mkdtempSync(path.join(tmpdir(), "towing-sigterm-"));
    const dataDir = path.join(root, "data");
    copyMigratedPglite(dataDir);
    try {
      const server = startServer(await freePort(), {
        DATA_DIR: dataDir,
        DIST_DIR: writeMinimalSite(path.join(root, "site")),
      });
      onTestFinished(() => stopServer(server));
      await waitHealthy(server);
      let sent: () => void = () => {};
      const written = new Promise<void>((r) => {
        sent = r;
      });
      const slow = slowClient(server.port, sent);
      // The unfinished request is in: its bytes are written, and the server has since answered a later
      // connection (it reads connections in the order they came), while answering nothing on this one.
      await written;
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      const signalled = performance.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(25_000);
      await slow;
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
      // And the folder opens at once for the next server.
      const next = await openDatabase({ dataDir });
      await next.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
