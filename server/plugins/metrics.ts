import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The outbox's pending alerts of one channel. */
export interface PendingByChannel {
  channel: string;
  pending: number;
  oldestPendingAgeSeconds: number;
}

/** Connections of the database pool (PGlite: one connection, always in use). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** What the gauges read at each scrape; each is absent without a database. */
export interface MetricSources {
  pendingAlerts?: () => Promise<PendingByChannel[]>;
  openOffers?: () => Promise<number>;
  liveStreams?: () => number;
  poolUse?: () => PoolUse;
  /** Domain events' listeners that failed since the app started, by event (server/shared/domain-events.ts). */
  listenerErrors?: () => ReadonlyMap<string, number>;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: other hosts may read /metrics with it as a bearer token. */
  token?: string;
  sources: MetricSources;
}

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * From this machine itself: a loopback socket and no proxy's header. A proxy on the same machine
 * (Caddy in front) connects over loopback too, so the socket alone would open /metrics to the internet.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const socketAddress = request.raw.socket?.remoteAddress ?? "";
  return LOOPBACK.has(socketAddress) && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/** Compared as hashes, so the time taken says nothing of the token, its length included. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The gauges read from the database and the process at each scrape, and the counts this process keeps. */
function registerGauges(registry: Registry, sources: MetricSources) {
  new Counter({
    name: "towing_domain_event_listener_errors_total",
    help: "Listeners of a domain event that failed (logged; the change the event followed stands), by event",
    labelNames: ["event"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [event, n] of sources.listenerErrors?.() ?? []) this.inc({ event }, n);
    },
  });
  new Gauge({
    name: "towing_alert_outbox_pending",
    help: "Alerts waiting in the outbox, by channel",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await sources.pendingAlerts?.()) ?? []) this.set({ channel: row.channel }, row.pending);
    },
  });
  new Gauge({
    name: "towing_alert_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest alert waiting in the outbox, by channel",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await sources.pendingAlerts?.()) ?? [])
        this.set({ channel: row.channel }, row.oldestPendingAgeSeconds);
    },
  });
  new Gauge({
    name: "towing_open_offers",
    help: "Partner offers sent and not yet answered or expired",
    registers: [registry],
    async collect() {
      this.set((await sources.openOffers?.()) ?? 0);
    },
  });
  new Gauge({
    name: "towing_live_streams",
    help: "Driver pages' live-update streams open on this process",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: "towing_db_pool_connections",
    help: "Database connections of this process: total, idle, and clients waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const use = sources.poolUse?.();
      if (!use) return;
      this.set({ state: "total" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });
}

/**
 * GET /metrics in Prometheus' text format, from a registry of this app's own (tests build several apps
 * in one process). Requests are counted by route pattern, never by address: a driver's page address
 * holds its private token. Answered to this machine, or to whoever sends METRICS_TOKEN; to others 401
 * when a token is set (they may be a scraper with a wrong one), else 404, as if there were no such page.
 */
async function metrics(app: FastifyInstance, opts: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by route pattern",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  registerGauges(registry, opts.sources);

  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get("/metrics", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const token = bearerOf(request);
    const allowed = opts.token && token !== undefined ? sameToken(token, opts.token) : fromThisMachine(request);
    if (!allowed) {
      if (!opts.token) return reply.code(404).send({ error: "Not Found", message: "No such page.", code: "not_found" });
      return reply
        .code(401)
        .header("WWW-Authenticate", 'Bearer realm="metrics"')
        .send({ error: "Unauthorized", message: "Send the metrics token as a bearer token.", code: "refused" });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metrics, { name: "metrics" });
