import { isIP } from "node:net";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { DEFAULT_OFFER_TIMEOUT_MINUTES } from "../src/shared/partner-schema";
import {
  DEFAULT_LOCATION_RETENTION_DAYS,
  DEFAULT_REQUEST_RETENTION_DAYS,
  type RetentionDays,
} from "../src/shared/retention";

/**
 * Everything the server can be told, read from the environment in this one place. The app itself
 * (buildApp) only ever sees the parsed result, so tests pass options instead of setting variables.
 */
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Minutes a partner has to answer an offer (OFFER_TIMEOUT_MINUTES); the desk shows it too, so it is shared. */
export { DEFAULT_OFFER_TIMEOUT_MINUTES };
/** Hours an offer's link works (OFFER_LINK_HOURS): long enough to report the job's steps after accepting. */
export const DEFAULT_OFFER_LINK_HOURS = 24;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * The business folder the server is started for; the server compares it with the one its build was
   * made from (server/business-check.ts) and refuses to start when they differ. Unset: business/stockton.
   */
  BUSINESS_DIR: z.string().trim().optional(),
  /** Where the built site is (astro build's output). */
  DIST_DIR: z.string().min(1).default("dist"),
  /** Where the embedded database keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default("data"),
  /** A PostgreSQL connection string; when set, PostgreSQL is used instead of the embedded PGlite. */
  DATABASE_URL: optionalUrl,
  /** Days after a request is done, cancelled or closed that its phone position is erased (the retention job). */
  LOCATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_LOCATION_RETENTION_DAYS),
  /** Days after a request arrived that it is deleted whole (the retention job). */
  REQUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_REQUEST_RETENTION_DAYS),
  /** Service requests accepted per client per window on POST /api/contact. */
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /** Request-page lookups (page loads, live-update connections, cancels) per client per window. */
  REQUEST_PAGE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  REQUEST_PAGE_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Request pages' live-update streams open at once on this process, from everyone (then 429). */
  REQUEST_PAGE_MAX_STREAMS: z.coerce.number().int().positive().default(2000),
  /** The same, from one client address: a driver with the page open in a few tabs, not a flood. */
  REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().positive().default(6),
  /** Chat messages accepted per client per window on POST /api/chat. */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  CHAT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Site events (call taps, form, chat, location) counted per client per window on POST /api/events. */
  EVENTS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  EVENTS_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Seconds the desk's numbers page keeps its figures before computing them anew (0: every time). */
  NUMBERS_FRESH_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** An outside bot to forward chat messages to; the built-in assistant answers when unset or failing. */
  CHAT_WEBHOOK_URL: optionalUrl,
  CHAT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Worker threads the built-in assistant answers in, off the event loop (0: in the server's own thread). */
  CHAT_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** New-request alerts by e-mail: an SMTP server (smtp:// with STARTTLS, smtps:// for implicit TLS). */
  SMTP_URL: optionalUrl,
  LEAD_ALERT_FROM: z.string().trim().optional(),
  /** One or more addresses, comma separated. */
  LEAD_ALERT_TO: z.string().trim().optional(),
  /** New-request alerts by a signed JSON POST. */
  LEAD_ALERT_WEBHOOK_URL: optionalUrl,
  LEAD_ALERT_WEBHOOK_SECRET: z.string().optional(),
  /** Web Push (VAPID, RFC 8292): the key pair `npx web-push generate-vapid-keys` prints, and who sends. */
  WEB_PUSH_PUBLIC_KEY: z.string().trim().optional(),
  WEB_PUSH_PRIVATE_KEY: z.string().trim().optional(),
  WEB_PUSH_SUBJECT: z.string().trim().optional(),
  /**
   * For tests only: push endpoints on this machine (http or https on 127.0.0.1, ::1, localhost) are
   * taken, for a local stand-in of a push service. Off, only https endpoints on public hosts are.
   */
  WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  /** The longest a client may take to send one whole request (headers at most 15 s of it). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** A connection with no traffic at all is closed after this long. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** An idle keep-alive connection is closed after this long. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Open connections one client address may hold at once; 0 for no cap (a proxy in front caps them). */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(64),
  /** Redis for rate limits shared by several server processes (redis://host:6379). */
  REDIS_URL: optionalUrl,
  /** Failed desk sign-ins allowed per account and per client address per window (then 429). */
  DESK_SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  DESK_SIGN_IN_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /**
   * Behind a reverse proxy: how many proxies (a hop count) or which addresses are trusted to append the
   * client's address to X-Forwarded-For. Never "everything" (see trustProxySetting).
   */
  TRUST_PROXY: z.string().trim().default("false"),
  /** Minutes a partner has to answer an offer before it expires (and, when all have, the desk is alerted). */
  OFFER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_OFFER_TIMEOUT_MINUTES),
  /** Hours an offer's private link (in the partner's e-mail and webhook) works after it was sent. */
  OFFER_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(DEFAULT_OFFER_LINK_HOURS),
  /** Whether the driver's page shows the phone of the partner who accepted the job. Off unless "true". */
  PARTNER_PHONE_TO_DRIVER: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  /** The key partners' webhook signatures are derived from (one key per partner); unsigned when unset. */
  PARTNER_WEBHOOK_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || v.length >= 16, {
      message: "PARTNER_WEBHOOK_SECRET must be at least 16 characters",
    }),
  /** Whether a starting server applies missing migrations (false: `npm run db:migrate` is a step of its own). */
  MIGRATE_ON_START: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((v) => v !== "false"),
  /** Seconds /readyz answers 503 after SIGTERM before the listener closes (the proxy's time to notice). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * How a driver's page on one process hears of a change made on another (PostgreSQL): "notify"
   * (LISTEN/NOTIFY, at once) or "poll" (a look every second; for a pooler such as PgBouncer in
   * transaction mode, which cannot hold a LISTEN).
   */
  LIVE_UPDATES: z.enum(["notify", "poll"]).default("notify"),
  /** Bearer token for /metrics from other hosts (loopback needs none); unset: loopback only. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || v.length >= 16, {
      message: "METRICS_TOKEN must be at least 16 characters",
    }),
  /** SMTP with a login but no TLS: only when set to true (a mail server on the same host, say). */
  SMTP_ALLOW_PLAINTEXT: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
});

/** What Fastify's trustProxy gets: false, a hop count, or the proxies' addresses (IPs or CIDR ranges). */
type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses. */
const ADDRESS_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * The most proxies in a row TRUST_PROXY may count. A real chain is one to three (a CDN, a load balancer,
 * the local Caddy); a larger count trusts entries the client wrote itself whenever the chain is shorter.
 */
export const MAX_TRUSTED_PROXY_HOPS = 5;
/** The widest range of proxies TRUST_PROXY may name: a /8 of IPv4 (a private 10.0.0.0/8), a /32 of IPv6. */
export const WIDEST_PROXY_RANGE = { ipv4: 8, ipv6: 32 } as const;

/** The IPv4-mapped block of IPv6 (::ffff:0:0/96): a range in it, or holding it, trusts IPv4 clients. */
const IPV4_MAPPED_BLOCK = ipaddr.parseCIDR("::ffff:0:0/96");

/**
 * What a range of proxies covers, judged on the parsed address, never on its spelling
 * ("0::ffff:0:0/96" and "::ffff:0.0.0.0/96" are one range): a range of IPv4-mapped addresses is the IPv4
 * range it maps, and an IPv6 range holding the whole mapped block (::/80, ::/32) holds every IPv4 address.
 */
function rangeWidthProblem(entry: string, address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string | undefined {
  const ipv4Widest = `${entry} is wider than a /${WIDEST_PROXY_RANGE.ipv4}`;
  if (address.kind() === "ipv4") return bits < WIDEST_PROXY_RANGE.ipv4 ? ipv4Widest : undefined;
  const [mappedBase, mappedBits] = IPV4_MAPPED_BLOCK;
  if (bits < WIDEST_PROXY_RANGE.ipv6) return `${entry} is wider than a /${WIDEST_PROXY_RANGE.ipv6}`;
  if (bits <= mappedBits && mappedBase.match(address, bits)) {
    return `${ipv4Widest} (it covers every IPv4 address, written as IPv4-mapped IPv6)`;
  }
  if (bits > mappedBits && address.match(IPV4_MAPPED_BLOCK)) {
    return bits - mappedBits < WIDEST_PROXY_RANGE.ipv4 ? ipv4Widest : undefined;
  }
  return undefined;
}

/** What is wrong with one TRUST_PROXY entry, or undefined when it is a proxy's address or a narrow range. */
function proxyEntryProblem(entry: string): string | undefined {
  // Private ranges only: no address on the internet is in them.
  if (ADDRESS_RANGE_NAMES.has(entry)) return undefined;
  const [text = "", bits, ...rest] = entry.split("/");
  const notAnAddress = `${entry} is not an address or a CIDR range`;
  // Node's isIP refuses the spellings ipaddr.js would read in other bases (010.0.0.1 as octal).
  const version = isIP(text);
  if (version === 0 || rest.length > 0 || !ipaddr.isValid(text)) return notAnAddress;
  if (bits === undefined) return undefined;
  const n = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || n > (version === 4 ? 32 : 128)) return notAnAddress;
  return rangeWidthProblem(entry, ipaddr.parse(text), n);
}

/**
 * TRUST_PROXY: "false" (or 0, or unset): the socket's address is the client's. A whole number N (at most
 * 5): the client's address is the one N entries from the right of X-Forwarded-For (what N proxies in a
 * row appended; whatever the client wrote to the left of it is ignored). A comma-separated list of
 * addresses or CIDR ranges (none wider than a /8 of IPv4 or a /32 of IPv6): the proxies with those
 * addresses are trusted, the first address from the right that is not one of them is the client.
 * Whatever acts like "trust everyone" is refused, since any visitor could then choose their own address
 * with X-Forwarded-For and escape every per-client limit: "true" (it takes the left-most entry, which the
 * client writes itself), a large hop count, and ranges that hold much of the internet.
 */
function trustProxySetting(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  const howToSet =
    "Set TRUST_PROXY=1 for one reverse proxy in front (Caddy, nginx), the number of proxies in a row, or " +
    "the proxies' addresses (for example 127.0.0.1 or 10.0.0.0/8).";
  if (v === "true") {
    throw new Error(
      "Invalid server configuration: TRUST_PROXY=true would trust every address, so any visitor could choose " +
        `their own address with X-Forwarded-For. ${howToSet}`,
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_TRUSTED_PROXY_HOPS) {
      throw new Error(
        `Invalid server configuration: TRUST_PROXY=${v} trusts more proxies in a row than any real chain has ` +
          `(at most ${MAX_TRUSTED_PROXY_HOPS}): where the chain is shorter, the addresses a visitor writes in ` +
          `X-Forwarded-For would be trusted, so they could choose their own. ${howToSet}`,
      );
    }
    return hops;
  }
  const entries = v.split(",").map((e) => e.trim());
  const problems = entries.map(proxyEntryProblem).filter((p): p is string => p !== undefined);
  if (problems.length > 0) {
    throw new Error(
      "Invalid server configuration: TRUST_PROXY must be false, a number of proxies (at most " +
        `${MAX_TRUSTED_PROXY_HOPS}), or the proxies' addresses (IPs or CIDR ranges no wider than a ` +
        `/${WIDEST_PROXY_RANGE.ipv4} of IPv4 or a /${WIDEST_PROXY_RANGE.ipv6} of IPv6, comma separated): ` +
        `${problems.join("; ")}. A wider range trusts addresses on the internet, so a visitor there could ` +
        "choose their own address with X-Forwarded-For.",
    );
  }
  return entries;
}

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
}

export interface EmailAlertConfig {
  smtpUrl: string;
  from: string;
  to: string[];
  /** SMTP_ALLOW_PLAINTEXT: a login may go to a mail server that offers no TLS. Off unless set. */
  allowPlaintextLogin?: boolean;
}

export interface WebhookAlertConfig {
  url: string;
  secret: string;
}

export interface PushAlertConfig {
  /** The VAPID key pair, base64url: a P-256 public key (65 bytes) and private key (32 bytes). */
  publicKey: string;
  privateKey: string;
  /** Who sends, for the push services: a mailto: address or an https: URL. */
  subject: string;
  /** WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS (tests only): subscriptions may name a push service on this machine. */
  allowLoopbackEndpoints?: boolean;
}

/** Where new service requests are announced; a channel left out is not configured. */
export interface AlertConfig {
  email?: EmailAlertConfig;
  webhook?: WebhookAlertConfig;
  push?: PushAlertConfig;
}

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: string;
  distDir: string;
  dataDir: string;
  /**
   * BUSINESS_DIR as written (relative to the working folder), unset when not given: checked at start
   * against the build's record (server/business-check.ts); buildApp never reads it.
   */
  businessDir?: string;
  databaseUrl?: string;
  /** MIGRATE_ON_START: apply missing migrations at start (true), or refuse to start while any is missing. */
  migrateOnStart: boolean;
  serviceRequestRateLimit: RateLimitOptions;
  requestPageRateLimit: RateLimitOptions;
  /** Live-update streams of request pages open at once on this process: in all, and per client. */
  requestPageStreams: { maxTotal: number; maxPerClient: number };
  chatRateLimit: RateLimitOptions;
  /** POST /api/events, the pages' first-party counts. */
  eventsRateLimit: RateLimitOptions;
  /** How long the numbers page's figures are kept (ms; 0: computed for every look). */
  numbersFreshMs: number;
  chatWebhookUrl?: string;
  chatWebhookTimeoutMs: number;
  /** The assistant's worker threads (CHAT_WORKERS); server/start.ts hands it to buildApp as `chatWorkers`. */
  chatWorkers: number;
  trustProxy: TrustProxy;
  redisUrl?: string;
  timeouts: { requestMs: number; idleMs: number; keepAliveMs: number };
  maxConnectionsPerClient: number;
  alerts: AlertConfig;
  deskSignInRateLimit: RateLimitOptions;
  /** What the hourly retention job erases and deletes, in days (src/shared/retention.ts). */
  retentionDays: RetentionDays;
  /** OFFER_TIMEOUT_MINUTES: how long an offer stays open; the no-partner alert says it. */
  offerTimeoutMinutes: number;
  /** OFFER_LINK_HOURS: how long an offer's private link works. */
  offerLinkHours: number;
  /** PARTNER_PHONE_TO_DRIVER: the driver's page shows the accepting partner's phone. */
  partnerPhoneToDriver: boolean;
  /** PARTNER_WEBHOOK_SECRET: partners' webhooks are signed with a key derived from it per partner. */
  partnerWebhookSecret?: string;
  /** SHUTDOWN_GRACE_SECONDS: how long readiness says 503 before a stopping process closes its listener. */
  shutdownGraceSeconds: number;
  /** LIVE_UPDATES: "notify" (LISTEN/NOTIFY on PostgreSQL) or "poll". */
  liveUpdates: "notify" | "poll";
  /** METRICS_TOKEN: /metrics answers other hosts that send it as a bearer token. */
  metricsToken?: string;
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
    businessDir: e.BUSINESS_DIR || undefined,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    serviceRequestRateLimit: { max: e.CONTACT_RATE_LIMIT_MAX, timeWindowMs: e.CONTACT_RATE_LIMIT_WINDOW_MS },
    requestPageRateLimit: { max: e.REQUEST_PAGE_RATE_LIMIT_MAX, timeWindowMs: e.REQUEST_PAGE_RATE_LIMIT_WINDOW_MS },
    requestPageStreams: { maxTotal: e.REQUEST_PAGE_MAX_STREAMS, maxPerClient: e.REQUEST_PAGE_MAX_STREAMS_PER_CLIENT },
    chatRateLimit: { max: e.CHAT_RATE_LIMIT_MAX, timeWindowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
    eventsRateLimit: { max: e.EVENTS_RATE_LIMIT_MAX, timeWindowMs: e.EVENTS_RATE_LIMIT_WINDOW_MS },
    numbersFreshMs: e.NUMBERS_FRESH_SECONDS * 1000,
    chatWebhookUrl: e.CHAT_WEBHOOK_URL,
    chatWebhookTimeoutMs: e.CHAT_WEBHOOK_TIMEOUT_MS,
    chatWorkers: e.CHAT_WORKERS,
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_MS, idleMs: e.IDLE_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    alerts: alertConfig(e),
    deskSignInRateLimit: { max: e.DESK_SIGN_IN_RATE_LIMIT_MAX, timeWindowMs: e.DESK_SIGN_IN_RATE_LIMIT_WINDOW_MS },
    retentionDays: { location: e.LOCATION_RETENTION_DAYS, request: e.REQUEST_RETENTION_DAYS },
    offerTimeoutMinutes: e.OFFER_TIMEOUT_MINUTES,
    offerLinkHours: e.OFFER_LINK_HOURS,
    partnerPhoneToDriver: e.PARTNER_PHONE_TO_DRIVER,
    partnerWebhookSecret: e.PARTNER_WEBHOOK_SECRET || undefined,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    liveUpdates: e.LIVE_UPDATES,
    metricsToken: e.METRICS_TOKEN || undefined,
  };
}

const addressList = z.array(z.string().email());

/** How many bytes a base64url text holds, or -1 when it is not base64url. */
const base64UrlBytes = (text: string) => (/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url").length : -1);

/** Each channel is all or nothing: half a configuration is a mistake said at start, not a silent gap. */
function alertConfig(e: z.infer<typeof envSchema>): AlertConfig {
  const alerts: AlertConfig = {};
  const problems: string[] = [];
  if (e.SMTP_URL || e.LEAD_ALERT_FROM || e.LEAD_ALERT_TO) {
    const to = (e.LEAD_ALERT_TO ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    if (!e.SMTP_URL) problems.push("SMTP_URL is required for e-mail alerts");
    else if (!/^smtps?:$/.test(new URL(e.SMTP_URL).protocol))
      problems.push("SMTP_URL must start with smtp:// or smtps://");
    if (!e.LEAD_ALERT_FROM || !z.string().email().safeParse(e.LEAD_ALERT_FROM).success)
      problems.push("LEAD_ALERT_FROM must be one e-mail address");
    if (to.length === 0 || !addressList.safeParse(to).success)
      problems.push("LEAD_ALERT_TO must be one or more e-mail addresses, comma separated");
    if (e.SMTP_URL && e.LEAD_ALERT_FROM)
      alerts.email = { smtpUrl: e.SMTP_URL, from: e.LEAD_ALERT_FROM, to, allowPlaintextLogin: e.SMTP_ALLOW_PLAINTEXT };
  }
  if (e.LEAD_ALERT_WEBHOOK_URL || e.LEAD_ALERT_WEBHOOK_SECRET) {
    if (!e.LEAD_ALERT_WEBHOOK_URL) problems.push("LEAD_ALERT_WEBHOOK_URL is required with LEAD_ALERT_WEBHOOK_SECRET");
    if (!e.LEAD_ALERT_WEBHOOK_SECRET || e.LEAD_ALERT_WEBHOOK_SECRET.length < 16)
      problems.push("LEAD_ALERT_WEBHOOK_SECRET must be at least 16 characters");
    if (e.LEAD_ALERT_WEBHOOK_URL && e.LEAD_ALERT_WEBHOOK_SECRET)
      alerts.webhook = { url: e.LEAD_ALERT_WEBHOOK_URL, secret: e.LEAD_ALERT_WEBHOOK_SECRET };
  }
  if (e.WEB_PUSH_PUBLIC_KEY || e.WEB_PUSH_PRIVATE_KEY || e.WEB_PUSH_SUBJECT) {
    const publicKey = e.WEB_PUSH_PUBLIC_KEY ?? "";
    const privateKey = e.WEB_PUSH_PRIVATE_KEY ?? "";
    const subject = e.WEB_PUSH_SUBJECT ?? "";
    if (base64UrlBytes(publicKey) !== 65)
      problems.push("WEB_PUSH_PUBLIC_KEY must be a VAPID public key (npx web-push generate-vapid-keys)");
    if (base64UrlBytes(privateKey) !== 32)
      problems.push("WEB_PUSH_PRIVATE_KEY must be a VAPID private key (npx web-push generate-vapid-keys)");
    if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
      problems.push("WEB_PUSH_SUBJECT must be a mailto: address or an https: URL the push services can reach you at");
    alerts.push = { publicKey, privateKey, subject, allowLoopbackEndpoints: e.WEB_PUSH_ALLOW_LOOPBACK_ENDPOINTS };
  }
  if (problems.length > 0) throw new Error(`Invalid server configuration: ${problems.join("; ")}`);
  return alerts;
}
