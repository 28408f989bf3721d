import { readFileSync } from "node:fs";
import path from "node:path";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from "fastify";
import { type Assistant, createAssistant } from "./chat/assistant";
import type { ServerConfig } from "./config";
import type { Database } from "./db/client";
import deskNoindex from "./desk/noindex";
import deskRoutes from "./desk/routes";
import securityHeaders from "./plugins/security-headers";
import staticSite from "./plugins/static-site";
import chatRoutes from "./routes/chat";
import contactRoutes from "./routes/contact";
import healthRoutes from "./routes/health";
import { readSiteFiles, type SiteFiles } from "./site-files";

/** The largest request body we read; a service request is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024;

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
  /** The built-in chat assistant; built from the site's content when not given. */
  assistant?: Assistant;
  /** The clock desk sessions expire by; tests move it. */
  deskClock?: () => Date;
}

const originOf = (url?: string) => (url ? [new URL(url).origin] : []);

/** Builds the whole server: pages, API and headers. Nothing here reads the environment. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const site = options.site ?? readSiteFiles(config.distDir);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A malformed address (bad percent-encoding) is a page that does not exist. Fastify answers
    // these before routing, with a bare reply, so the 404 page is sent from here.
    frameworkErrors: (error, _request, bareReply) => {
      // Its generic types describe no route, so Fastify's schema-typed send() rejects plain data.
      const reply = bareReply as unknown as FastifyReply;
      if (error.code === "FST_ERR_BAD_URL") {
        const page = site.notFoundPage ? readFileSync(path.join(site.root, site.notFoundPage)) : "404 Page Not Found";
        return reply
          .code(404)
          .type(site.notFoundPage ? "text/html; charset=utf-8" : "text/plain")
          .send(page);
      }
      return reply.code(400).send({ error: "Bad Request", message: error.message });
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ error: "Internal Server Error", message: "Something went wrong on our side." });
    }
    return reply.code(status).send({ error: error.name, message: clientMessage(error.code, error.message) });
  });

  await app.register(securityHeaders, {
    inlineScriptHashes: site.inlineScriptHashes,
    connectOrigins: originOf(config.contactFallbackUrl),
  });
  await app.register(healthRoutes, { ping: options.db?.ping });
  if (options.db) {
    await app.register(contactRoutes, { db: options.db.db, rateLimit: config.contactRateLimit, site });
    await app.register(deskRoutes, {
      db: options.db.db,
      signInThrottle: config.deskSignInRateLimit,
      now: options.deskClock,
    });
  }
  await app.register(chatRoutes, {
    assistant: options.assistant ?? createAssistant(),
    rateLimit: config.chatRateLimit,
    webhookUrl: config.chatWebhookUrl,
    webhookTimeoutMs: config.chatWebhookTimeoutMs,
  });
  await app.register(deskNoindex);
  await app.register(staticSite, { site });
  return app;
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
