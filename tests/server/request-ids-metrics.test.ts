import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { testConfig } from "../support/config";
import { databaseTargets } from "../support/databases";
import { logSink } from "../support/log-sink";
import { appOnFreshDatabase, postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  const sink = logSink();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(),
      logger: { level: "info", stream: sink.stream },
      site: emptyTestSite(),
    });
  });
  afterAll(() => app.close());

  it("keeps the proxy's valid X-Request-Id: echoed, and the reqId of every log line of the request", async () => {
    const res = await app.inject({ method: "GET", url: "/livez", headers: { "x-request-id": "caddy-7f3a.91_b" } });
    expect(res.headers["x-request-id"]).toBe("caddy-7f3a.91_b");
    const lines = sink.lines.filter((l) => l.reqId === "caddy-7f3a.91_b");
    expect(lines.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
    // No line of that request under another id.
    const urls = sink.lines.filter((l) => (l.req as { url?: string } | undefined)?.url === "/livez");
    expect(urls.every((l) => l.reqId === "caddy-7f3a.91_b")).toBe(true);
  });

  it.each([
    ["spaces and quotes", 'a b"c'],
    ["too long", "x".repeat(65)],
    ["a line break", "abc\ndef"],
  ])("makes a random id when the header has %s, and echoes that", async (_what, given) => {
    const res = await app.inject({ method: "GET", url: "/not-a-page", headers: { "x-request-id": given } });
    const id = String(res.headers["x-request-id"]);
    expect(id).toMatch(UUID);
    expect(sink.lines.filter((l) => l.reqId === id).length).toBeGreaterThanOrEqual(2);
  });

  it("makes a different random id for each request without one, 404s included", async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await app.inject({ method: "GET", url: "/nope" })).headers["x-request-id"]),
    );
    for (const id of ids) expect(String(id)).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  let app: FastifyInstance;
  const token = "metrics-token-0123456789abcdef";
  beforeAll(async () => {
    app = await buildApp({ config: testConfig({ metricsToken: token }), logger: false, site: emptyTestSite() });
  });
  afterAll(() => app.close());
  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("answers another host only with the token: 401 without it or with a wrong one", async () => {
    expect((await scrape("203.0.113.9")).statusCode).toBe(401);
    expect((await scrape("203.0.113.9", { authorization: `Bearer ${token}x` })).statusCode).toBe(401);
    expect((await scrape("203.0.113.9", { authorization: "Basic abc" })).statusCode).toBe(401);
    const ok = await scrape("203.0.113.9", { authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe.each(databaseTargets)("/metrics on $kind", (target) => {
  let app: FastifyInstance;
  appOnFreshDatabase(
    target,
    { alerts: { email: { smtpUrl: "smtp://127.0.0.1:9", from: "alerts@example.com", to: ["owner@example.com"] } } },
    (ready) => {
      app = ready.app;
    },
    { alerts: { autoStart: false } },
  );
  const scrape = (remoteAddress = "127.0.0.1", headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("is 404 to other hosts, and to a proxy's request even over loopback, when no token is set", async () => {
    expect((await scrape("203.0.113.9")).statusCode).toBe(404);
    expect((await scrape("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(404);
    expect((await scrape("127.0.0.1", { forwarded: "for=203.0.113.9" })).statusCode).toBe(404);
    expect((await scrape("::1")).statusCode).toBe(200);
  });

  it("counts requests by route pattern (never a private token), the outbox by channel, offers and the pool", async () => {
    const { token, path } = await postServiceRequest(app);
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(200);
    const text = (await scrape()).body;
    expect(text).not.toContain(token);
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/contact",status_code="201"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/request\/\*",status_code="200"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/contact",status_code="201"\} 1/,
    );
    // The owner's e-mail and the driver's confirmation wait (the worker does not run in this test).
    expect(text).toMatch(/towing_alert_outbox_pending\{channel="email"\} 2/);
    expect(text).toMatch(/towing_alert_outbox_oldest_pending_age_seconds\{channel="email"\} \d/);
    expect(text).toMatch(/towing_open_offers 0/);
    expect(text).toMatch(/towing_live_streams 0/);
    expect(text).toMatch(/towing_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
  });
});
