import path from "node:path";
import { z } from "zod";

/**
 * Everything the server can be told, read from the environment in this one place. The app itself
 * (buildApp) only ever sees the parsed result, so tests pass options instead of setting variables.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where the built site is (astro build's output). */
  DIST_DIR: z.string().min(1).default("dist"),
  /** Where the embedded database keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default("data"),
  /** A PostgreSQL connection string; when set, PostgreSQL is used instead of the embedded PGlite. */
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Service requests accepted per client per window on POST /api/contact. */
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /** Chat messages accepted per client per window on POST /api/chat. */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  CHAT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** An outside bot to forward chat messages to; the built-in assistant answers when unset or failing. */
  CHAT_WEBHOOK_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  CHAT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The browser's fallback for service requests (baked into the pages at build; allowed by the CSP here). */
  PUBLIC_CONTACT_FALLBACK_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Failed desk sign-ins allowed per account and per client address per window (then 429). */
  DESK_SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  DESK_SIGN_IN_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /** Set when running behind a reverse proxy, so rate limits see the client's address. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: string;
  distDir: string;
  dataDir: string;
  databaseUrl?: string;
  contactRateLimit: RateLimitOptions;
  chatRateLimit: RateLimitOptions;
  chatWebhookUrl?: string;
  chatWebhookTimeoutMs: number;
  contactFallbackUrl?: string;
  trustProxy: boolean;
  deskSignInRateLimit: RateLimitOptions;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve(cwd, e.DIST_DIR),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT_MAX, timeWindowMs: e.CONTACT_RATE_LIMIT_WINDOW_MS },
    chatRateLimit: { max: e.CHAT_RATE_LIMIT_MAX, timeWindowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
    chatWebhookUrl: e.CHAT_WEBHOOK_URL,
    chatWebhookTimeoutMs: e.CHAT_WEBHOOK_TIMEOUT_MS,
    contactFallbackUrl: e.PUBLIC_CONTACT_FALLBACK_URL,
    trustProxy: e.TRUST_PROXY,
    deskSignInRateLimit: { max: e.DESK_SIGN_IN_RATE_LIMIT_MAX, timeWindowMs: e.DESK_SIGN_IN_RATE_LIMIT_WINDOW_MS },
  };
}
