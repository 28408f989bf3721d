import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { drainAndClose } from "../../server/shutdown";
import { readSiteFiles } from "../../server/site-files";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase, postgresUrl } from "../support/databases";
import { readEventStream } from "../support/event-stream";
import { writeMinimalSite } from "../support/server-process";
import { startPausingProxy } from "../support/tcp-proxy";
import { postServiceRequest } from "../support/test-app";

const siteRoot = mkdtempSync(path.join(tmpdir(), "towing-ready-site-"));
const site = readSiteFiles(writeMinimalSite(siteRoot));
afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * A proxy's view of its backends, as Caddy's active health checks keep it: each backend's /readyz is
 * read every `everyMs`, and requests go round-robin to those that last answered 200. Counts what it
 * sent, what failed (an error or a 5xx), and whether it ever saw a backend say 503 while still answering.
 */
function readinessFollowingClient(urls: string[], everyMs: number) {
  const ready = new Map(urls.map((u) => [u, true]));
  const stats = { sent: 0, failed: 0, saw503: new Set<string>(), servedBy: new Map<string, number>() };
  let running = true;
  const health = (async () => {
    while (running) {
      await Promise.all(
        urls.map(async (u) => {
          const status = await fetch(`${u}/readyz`).then(
            (r) => r.status,
            () => 0,
          );
          if (status === 503) stats.saw503.add(u);
          ready.set(u, status === 200);
        }),
      );
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  let turn = 0;
  const traffic = (async () => {
    while (running) {
      const up = urls.filter((u) => ready.get(u));
      const target = up[turn++ % Math.max(1, up.length)];
      if (!target) throw new Error("no backend ready");
      stats.sent += 1;
      const ok = await fetch(`${target}/`).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status < 500;
        },
        () => false,
      );
      if (!ok) stats.failed += 1;
      else stats.servedBy.set(target, (stats.servedBy.get(target) ?? 0) + 1);
    }
  })();
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all([health, traffic]);
    },
  };
}

describe.each(databaseTargets)("liveness, readiness and drain on $kind", (target) => {
  it("drains: /readyz 503 through the grace, 0 failed requests at a client that follows it, the live stream ends cleanly", {
    timeout: 60_000,
  }, async () => {
    const dbs = [await openTestDatabase(target), await openTestDatabase(target)];
    const apps = await Promise.all(
      dbs.map((db) => buildApp({ config: testConfig(), logger: false, site, db, alerts: { autoStart: false } })),
    );
    try {
      for (const app of apps) await app.listen({ port: 0, host: "127.0.0.1" });
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const [urlA, urlB] = [urlOf(a), urlOf(b)];
      const { path: pagePath } = await postServiceRequest(a);
      const stream = await readEventStream(`${urlA}${pagePath.replace("/request/", "/api/request/")}/events`);
      await stream.next((e) => e.type === "state");
      const client = readinessFollowingClient([urlA, urlB], 20);
      // Traffic on both before the drain.
      await expect.poll(() => client.stats.servedBy.get(urlA) ?? 0, { timeout: 20_000 }).toBeGreaterThan(5);
      const drained = drainAndClose(a, { graceMs: 400, finishMs: 5_000 });
      expect(a.readiness.draining).toBe(true);
      // Still serving pages and liveness during the grace; only readiness says 503.
      expect((await fetch(`${urlA}/readyz`)).status).toBe(503);
      expect((await fetch(`${urlA}/livez`)).status).toBe(200);
      expect((await fetch(`${urlA}/`)).status).toBe(200);
      await drained;
      await stream.end();
      expect(stream.endedWithError()).toBe(false);
      const servedByB = client.stats.servedBy.get(urlB) ?? 0;
      await expect.poll(() => client.stats.servedBy.get(urlB) ?? 0, { timeout: 20_000 }).toBeGreaterThan(servedByB + 5);
      await client.stop();
      console.info(
        `drain (${target.kind}): ${client.stats.sent} requests through the grace and the close, ${client.stats.failed} failed`,
      );
      expect(client.stats.saw503.has(urlA)).toBe(true);
      expect(client.stats.failed).toBe(0);
    } finally {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
    }
  });
});

describe.skipIf(!postgresUrl)("a PostgreSQL blip (a TCP proxy cut in front of it)", () => {
  it("/readyz says 503 while it is away and 200 when back; /livez and the built pages answer throughout", {
    timeout: 60_000,
  }, async () => {
    const place = await databaseTargets[1]?.create();
    if (!place?.databaseUrl) throw new Error("no PostgreSQL");
    const direct = new URL(place.databaseUrl);
    const proxy = await startPausingProxy(Number(direct.port || 5432), direct.hostname);
    direct.host = `127.0.0.1:${proxy.port}`;
    const db = await openDatabase({ dataDir: place.dataDir, databaseUrl: direct.toString() });
    const app = await buildApp({ config: testConfig(), logger: false, site, db, alerts: { autoStart: false } });
    try {
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      proxy.cut();
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
      expect((await app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
      const page = await app.inject({ method: "GET", url: "/" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<h1>t</h1>");
      proxy.restore();
      await expect
        .poll(async () => (await app.inject({ method: "GET", url: "/readyz" })).statusCode, { timeout: 20_000 })
        .toBe(200);
    } finally {
      await app.close();
      await db.close();
      await proxy.close();
      await place.dispose();
    }
  });
});
