import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import Fastify, {
  type FastifyError,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { ApiRefusal, RefusalCode } from "../src/shared/api-refusal";
import { type Town, townsOf } from "../src/shared/nearest-town";
import { REQUEST_EVENTS_HEARTBEAT_MS } from "../src/shared/request-page";
import type { ServerConfig } from "./config";
import type { Database } from "./db/client";
import alerts, { type AlertsPluginOptions } from "./features/alerts/plugin";
import { type Assistant, createAssistant } from "./features/chat/assistant";
import chatRoutes from "./features/chat/routes";
import { createChatWorkerPool } from "./features/chat/worker-pool";
import deskRoutes from "./features/desk/routes";
import eventRoutes from "./features/events/routes";
import { databaseMetricSources } from "./features/health/metric-sources";
import healthRoutes from "./features/health/routes";
import hereRoutes from "./features/here/routes";
import numbersRoutes from "./features/numbers/routes";
import offerRoutes from "./features/offer/routes";
import offerExpiry, { type OfferExpiryOptions } from "./features/partners/expiry";
import partnerRoutes from "./features/partners/routes";
import requestPages from "./features/request-page/open-pages";
import requestPageRoutes from "./features/request-page/routes";
import retention, { type RetentionPluginOptions } from "./features/retention/plugin";
import deskReviewRoutes from "./features/reviews/desk-routes";
import homeCarousel from "./features/reviews/home-carousel";
import serviceRequestRoutes from "./features/service-requests/routes";
import { safeErrorForLog, safeRequestForLog } from "./log-safety";
import connectionLimits from "./plugins/connection-limits";
import forwardedAddress from "./plugins/forwarded-address";
import liveUpdates from "./plugins/live-updates";
import metrics from "./plugins/metrics";
import rateLimits from "./plugins/rate-limits";
import readiness from "./plugins/readiness";
import requestIds, { requestIdServerOptions } from "./plugins/request-ids";
import securityHeaders from "./plugins/security-headers";
import staticSite from "./plugins/static-site";
import domainEvents from "./shared/domain-events";
import privatePageHeaders from "./shared/private-page-headers";
import { firstIssue, zodIssuesOf } from "./shared/schema-errors";
import { readSiteFiles, type SiteFiles } from "./site-files";

/** The largest request body we read; a service request is a few hundred bytes. */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppOptions {
  config: ServerConfig;
  /** Defaults to pino at config.logLevel; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  /** The built site; read from config.distDir when not given. */
  site?: SiteFiles;
  /**
   * The open database (server/db/client.ts): POST /api/contact stores service requests in it and
   * /healthz pings it. Only tests of the pages alone leave it out (then there is no contact API).
   */
  db?: Database;
  /**
   * Timing and clock of the alert worker, whether it runs by itself (tests drive it), and how push
   * services' names are resolved (tests answer for names of their own).
   */
  alerts?: Pick<AlertsPluginOptions, "worker" | "autoStart" | "resolvePushHost" | "partnerWebhookRule">;
  /** The built-in chat assistant; built from the site's knowledge file (site.chatKnowledge) when not given. */
  assistant?: Assistant;
  /**
   * Worker threads that answer chat messages off the event loop (server/features/chat/worker-pool.ts),
   * from the site's knowledge and model. 0 (the default: tests build the app from TypeScript sources)
   * answers in this process; the production entry point sets it from CHAT_WORKERS.
   */
  chatWorkers?: number;
  /** The clock desk sessions expire by (and a request's end is stamped with); tests move it. */
  deskClock?: () => Date;
  /** The clock request-page links expire by and driver cancels are stamped with; tests move it. */
  requestPageClock?: () => Date;
  /** The retention job's clock and whether it runs by itself (tests drive it with app.retention.runOnce()). */
  retention?: Pick<RetentionPluginOptions, "now" | "intervalMs" | "autoStart">;
  /** The clock site events are counted by (their day) and the numbers page reads "today" by; tests move it. */
  eventsClock?: () => Date;
  /** How often open request pages' requests are read again (default 1 s); tests shorten it. */
  requestFeedIntervalMs?: number;
  /**
   * The partners' clock (offers are stamped and expire by it, insurance dates are checked against its
   * day), how often the expiry sweep runs, and whether it runs by itself (tests call app.offerExpiry.runOnce()).
   */
  partners?: Pick<OfferExpiryOptions, "now" | "intervalMs" | "autoStart">;
  /** Told each time the home pages' review carousel is rebuilt (tests count rebuilds, not time). */
  onHomeCarouselRebuilt?: () => void;
}

const originOf = (url?: string) => (url ? [new URL(url).origin] : []);

/** Where an undecodable address is sent: no route has it, so it is answered by the 404 page. */
const UNDECODABLE_PATH = "/__undecodable-address__";
function isDecodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0] ?? "");
    return true;
  } catch {
    return false;
  }
}

/** Builds the whole server: pages, API and headers. Nothing here reads the environment. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const site = options.site ?? readSiteFiles(config.distDir);
  const app = Fastify(serverOptions(options, site));

  // Routes declare their body, params and query with the shared zod schemas (fastify-type-provider-zod).
  app.setValidatorCompiler(validatorCompiler);
  await app.register(domainEvents);
  app.setErrorHandler(answerError);

  await app.register(requestIds);
  await app.register(connectionLimits, { maxPerClient: config.maxConnectionsPerClient });
  // First of every hook: only a real address may be taken from the proxies' X-Forwarded-For.
  if (config.trustProxy !== false) await app.register(forwardedAddress);
  await app.register(rateLimits, { redisUrl: config.redisUrl });
  await app.register(securityHeaders, {
    inlineScriptHashes: site.inlineScriptHashes,
    connectOrigins: originOf(site.serviceRequestFallbackUrl),
  });
  if (options.db) {
    await app.register(alerts, {
      db: options.db.db,
      config: config.alerts,
      exclusive: options.db.kind === "pglite",
      siteUrl: site.siteUrl,
      offerTimeoutMinutes: config.offerTimeoutMinutes,
      offerLinkHours: config.offerLinkHours,
      partnerWebhookSecret: config.partnerWebhookSecret,
      ...options.alerts,
    });
    await app.register(retention, { db: options.db.db, days: config.retentionDays, ...options.retention });
    await app.register(offerExpiry, {
      db: options.db.db,
      channels: app.alerts.channels,
      ...options.partners,
    });
  }
  if (options.db) {
    // A change made on another process reaches this one's driver pages (LISTEN/NOTIFY on PostgreSQL).
    await app.register(liveUpdates, { database: options.db, mode: config.liveUpdates });
    await app.register(requestPages, {
      db: options.db.db,
      now: options.requestPageClock ?? (() => new Date()),
      intervalMs: options.requestFeedIntervalMs,
      limits: config.requestPageStreams,
    });
  }
  await app.register(healthRoutes, {
    ping: options.db?.ping,
    alertStats: options.db ? () => app.alerts.stats() : undefined,
    redisState: () => app.counters.redisState(),
    requestPageStats: app.requestPageStats,
  });
  await registerProbes(app, options);
  // The home pages' carousel with the published reviews; read again when one changes.
  if (options.db)
    await app.register(homeCarousel, { db: options.db.db, site, onRebuilt: options.onHomeCarouselRebuilt });
  if (options.db) {
    const towns = townsOf(site.chatKnowledge);
    await registerDriverFeatures(app, { ...options, db: options.db }, site, towns);
    await registerDesk(app, { ...options, db: options.db }, towns);
  }
  await app.register(chatRoutes, {
    ...chatAssistants(app, options, site),
    rateLimit: config.chatRateLimit,
    webhookUrl: config.chatWebhookUrl,
    webhookTimeoutMs: config.chatWebhookTimeoutMs,
  });
  await app.register(privatePageHeaders);
  await app.register(staticSite, { site, filledPages: app.homeCarousel?.pages });
  return app;
}

/**
 * The built-in assistant in this process (it answers whenever the workers cannot), and, when
 * `chatWorkers` asks for them, a pool of workers with the same knowledge and model, ended with the app.
 * With workers, this process builds its own assistant only when a worker first fails: otherwise the
 * start would build the same assistant twice, once here for nothing.
 */
function chatAssistants(app: FastifyInstance, options: AppOptions, site: SiteFiles) {
  const build = () => options.assistant ?? createAssistant(site.chatKnowledge, site.chatModel);
  if (!options.chatWorkers) return { assistant: build() };
  let fallback: Assistant | undefined;
  const assistant: Pick<Assistant, "answer"> = {
    answer: (text, lang) => {
      fallback ??= build();
      return fallback.answer(text, lang);
    },
  };
  const workers = createChatWorkerPool(
    options.chatWorkers,
    { knowledge: site.chatKnowledge, model: site.chatModel },
    (err) => app.log.error({ err }, "chat worker failed"),
  );
  app.addHook("onClose", () => workers.close());
  return { assistant, workers };
}

type WithDatabase = AppOptions & { db: Database };

/** /readyz (and /livez) for the proxy and the orchestrator, and /metrics for Prometheus. */
async function registerProbes(app: FastifyInstance, options: AppOptions) {
  await app.register(readiness, { ping: options.db?.ping });
  await app.register(metrics, {
    token: options.config.metricsToken,
    sources: {
      ...(options.db
        ? databaseMetricSources(
            options.db,
            app.alerts.outbox,
            () => app.requestPages.streams.size,
            options.partners?.now,
          )
        : {}),
      listenerErrors: () => app.domainEvents.listenerErrors,
    },
  });
}

/** The driver's and the partner's side: the form, the request page, the offer page, /here links and events. */
async function registerDriverFeatures(
  app: FastifyInstance,
  options: WithDatabase,
  site: SiteFiles,
  towns: readonly Town[],
) {
  const { config } = options;
  const requestPageClock = options.requestPageClock ?? (() => new Date());
  await app.register(serviceRequestRoutes, {
    db: options.db.db,
    rateLimit: config.serviceRequestRateLimit,
    site,
    alertChannels: app.alerts.channels,
    locationRetentionDays: config.retentionDays.location,
  });
  await app.register(requestPageRoutes, {
    db: options.db.db,
    site,
    rateLimit: config.requestPageRateLimit,
    now: requestPageClock,
    alertChannels: app.alerts.channels,
    partnerPhoneToDriver: config.partnerPhoneToDriver,
    heartbeatMs: Math.min(REQUEST_EVENTS_HEARTBEAT_MS, Math.floor(config.timeouts.idleMs / 2)),
  });
  // A partner's offer page: its answers are domain events ("offer.answered"): the driver pages hear of them at once.
  await app.register(offerRoutes, {
    db: options.db.db,
    site,
    rateLimit: config.requestPageRateLimit,
    now: requestPageClock,
    alertChannels: app.alerts.channels,
  });
  await app.register(hereRoutes, {
    db: options.db.db,
    towns,
    rateLimit: config.requestPageRateLimit,
    now: requestPageClock,
    shells: site.herePageShells,
  });
  await app.register(eventRoutes, {
    db: options.db.db,
    site,
    rateLimit: config.eventsRateLimit,
    now: options.eventsClock,
  });
}

/** The owner's desk, and other features' desk routes inside its signed-in scope. */
async function registerDesk(app: FastifyInstance, options: WithDatabase, towns: readonly Town[]) {
  const { config } = options;
  await app.register(deskRoutes, {
    db: options.db.db,
    signInThrottle: config.deskSignInRateLimit,
    counters: app.counters,
    now: options.deskClock,
    pushPublicKey: config.alerts.push?.publicKey,
    pushEndpointRule: { allowLoopback: config.alerts.push?.allowLoopbackEndpoints },
    alertChannels: app.alerts.channels,
    alertsWithoutSender: () => app.alerts.channelsWithoutSender(),
    towns,
    // Other features' desk routes, inside the desk's signed-in scope (its hook checks every one).
    signedInFeatures: async (desk) => {
      const db = options.db.db;
      await desk.register(partnerRoutes, {
        db,
        towns,
        offerTimeoutMinutes: config.offerTimeoutMinutes,
        now: options.partners?.now,
        webhookRule: options.alerts?.partnerWebhookRule,
      });
      await desk.register(deskReviewRoutes, { db, now: options.deskClock ?? (() => new Date()) });
      await desk.register(numbersRoutes, { db, now: options.eventsClock, freshMs: config.numbersFreshMs });
    },
  });
}

/** Fastify's own options: the log's serializers, limits, timeouts, proxies and its bare routing errors. */
function serverOptions(options: AppOptions, site: SiteFiles): FastifyHttpOptions<Server> {
  const { config } = options;
  const logger = options.logger ?? { level: config.logLevel };
  return {
    // Every logged error goes through one serializer that keeps a visitor's data out of the log.
    logger:
      typeof logger === "object" && logger !== null
        ? { ...logger, serializers: { ...logger.serializers, err: safeErrorForLog, req: safeRequestForLog } }
        : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Request-Id from the proxy when valid, else a random id: echoed, and the reqId of every log line.
    ...requestIdServerOptions,
    // A hop count as the function proxy-addr makes of one: the Nth address from the right is the client.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A slow or unfinished request cannot hold a connection (Fastify's defaults are "never").
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(config.timeouts.requestMs, 15_000),
      // How often Node checks those timeouts; its default of 30 s would let them overrun.
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.timeouts.requestMs / 4))),
    },
    // A JSON key "__proto__" or "constructor" is dropped, not an error: the rest of the body is still read.
    onProtoPoisoning: "remove",
    onConstructorPoisoning: "remove",
    // An address that cannot be decoded (GET /%) is a page that does not exist: send it through the
    // normal not-found path, so it gets the 404 page with every security header like any other page.
    rewriteUrl: (request) => (isDecodablePath(request.url ?? "/") ? (request.url ?? "/") : UNDECODABLE_PATH),
    // Fastify answers its own routing errors with a bare reply, before any hook (so without the
    // security headers): rewriteUrl above keeps bad addresses from getting here; this is the backstop.
    frameworkErrors: (error, _request, bareReply) => {
      // Its generic types describe no route, so Fastify's schema-typed send() rejects plain data.
      const reply = bareReply as unknown as FastifyReply;
      // An address too long for a route's parameter names no page either (and is not echoed back: it may
      // hold a private link's token).
      if (error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_MAX_PARAM_LENGTH") {
        const page = site.notFoundPage ? readFileSync(path.join(site.root, site.notFoundPage)) : "404 Page Not Found";
        return reply
          .code(404)
          .type(site.notFoundPage ? "text/html; charset=utf-8" : "text/plain")
          .send(page);
      }
      return reply.code(400).send({
        error: "Bad Request",
        message: "The request could not be read: check the address and try again.",
        code: "bad_request",
      } satisfies ApiRefusal);
    },
  };
}

/** The app's answer to an error no feature answered: a refused schema names its first issue, a 5xx says nothing more. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const issues = zodIssuesOf(error);
  if (issues) {
    return reply
      .code(400)
      .send({ error: "Bad Request", message: firstIssue(issues), code: "invalid_fields" } satisfies ApiRefusal);
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({
      error: "Internal Server Error",
      message: "Something went wrong on our side.",
      code: "server_error",
    } satisfies ApiRefusal);
  }
  return reply.code(status).send({
    error: error.name,
    message: clientMessage(error.code, error.message),
    code: refusalCodeFor(status),
  } satisfies ApiRefusal);
}

/** The machine-readable code of a client error the app's error handler answers. */
function refusalCodeFor(status: number): RefusalCode {
  switch (status) {
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 413:
      return "too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    default:
      return "bad_request";
  }
}

/** Fastify's built-in client errors, said so a person can act on them. */
function clientMessage(code: string | undefined, fallback: string): string {
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return `The request is too large: send at most ${BODY_LIMIT_BYTES / 1024} KB.`;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type: send application/json or a form (application/x-www-form-urlencoded).";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty: send a JSON object.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      return fallback;
  }
}
