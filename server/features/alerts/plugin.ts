import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AlertConfig } from "../../config";
import type { Db } from "../../db/client";
import type { AlertChannel } from "../../db/schema";
import type { HostResolver } from "../../shared/endpoint-address";
import type { PushEndpointRule } from "../../shared/public-endpoint";
import type { AlertSender } from "./channel";
import { emailSender } from "./email-sender";
import { outboxStore } from "./outbox";
import { pushSender } from "./push-sender";
import { pushSubscriptionStore } from "./push-subscriptions";
import { alertServerDirectory } from "./server-directory";
import { webhookSender } from "./webhook-sender";
import { AlertWorker, type AlertWorkerOptions } from "./worker";

export interface AlertsPluginOptions {
  db: Db;
  config: AlertConfig;
  /** Clock, randomness and timing for the worker (tests); production uses the defaults. */
  worker?: Pick<AlertWorkerOptions, "now" | "random" | "pollIntervalMs" | "leaseMs">;
  /** This process alone owns the database (PGlite): claims left by a dead process are released at start. */
  exclusive?: boolean;
  /** How push services' names are resolved before each push (the system's resolver; tests answer for their own). */
  resolvePushHost?: HostResolver;
  /** false: the worker does not run by itself (tests call app.alerts.worker.runOnce()). */
  autoStart?: boolean;
  /** The public origin the driver's confirmation and the partners' offers link to (the build's PUBLIC_SITE_URL). */
  siteUrl: string;
  /** OFFER_TIMEOUT_MINUTES: said in the desk's no-partner alerts. */
  offerTimeoutMinutes?: number;
  /** OFFER_LINK_HOURS: how long an offer's link, made when its alert is sent, works. */
  offerLinkHours?: number;
  /** PARTNER_WEBHOOK_SECRET: partners' webhooks are signed with a key derived from it per partner. */
  partnerWebhookSecret?: string;
  /**
   * Where partners' webhooks may be posted: public https hosts only; tests allow this machine
   * (allowLoopback) for their local receiver. Never set from the environment.
   */
  partnerWebhookRule?: PushEndpointRule;
}

/** The alert outbox's state for /api/health: counts only, nothing personal. */
export interface AlertStats {
  pending: number;
  failed: number;
  oldestPendingAgeSeconds: number | null;
  /** Channels with pending alerts that no live server can send ("email" when no server has SMTP_URL). */
  channelsWithoutSender: AlertChannel[];
}

export interface Alerts {
  /**
   * The desk's channels: a new request (a cancellation, a job no partner took) gets an outbox row on
   * each. Those of this server and of every server heard from in the last 48 hours (so a server without
   * SMTP still queues the e-mails, for the one that sends them); the heartbeat keeps this array current
   * in place, so whoever holds it reads it when queuing.
   */
  readonly channels: readonly AlertChannel[];
  /** The channels this server's senders carry whole: what it claims and announces. */
  ownChannels: readonly AlertChannel[];
  /** Channels with pending alerts that no live server can send (the desk and /api/health show them). */
  channelsWithoutSender(): Promise<AlertChannel[]>;
  /** What /api/health says of delivery: the outbox's counts (nothing personal) and the channels nobody sends. */
  stats(): Promise<AlertStats>;
  worker: AlertWorker;
  outbox: ReturnType<typeof outboxStore>;
}

declare module "fastify" {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

export const NO_ALERT_CHANNEL_WARNING =
  "No alert channel is configured: new service requests are stored, but nobody will be told of them. " +
  "Set SMTP_URL, LEAD_ALERT_FROM and LEAD_ALERT_TO (e-mail), LEAD_ALERT_WEBHOOK_URL and LEAD_ALERT_WEBHOOK_SECRET (webhook) " +
  "and/or WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT (Web Push to the desk's phones).";

/** New-request alerts: the channels from the configuration and the worker that delivers the outbox. */
async function alertsPlugin(app: FastifyInstance, opts: AlertsPluginOptions) {
  const { offerTimeoutMinutes } = opts;
  const senders: AlertSender[] = [];
  if (opts.config.email) senders.push(emailSender(opts.config.email, opts.siteUrl, { offerTimeoutMinutes }));
  // Always: partners' offers go to their own webhooks even when the owner has none (then this sender
  // takes only the partners' kinds, and the owner's channels below leave it out).
  senders.push(
    webhookSender({
      owner: opts.config.webhook,
      partners: { secret: opts.partnerWebhookSecret, rule: opts.partnerWebhookRule },
      siteUrl: opts.siteUrl,
      offerTimeoutMinutes,
    }),
  );
  if (opts.config.push)
    senders.push(
      pushSender(opts.config.push, pushSubscriptionStore(opts.db), {
        resolve: opts.resolvePushHost,
        offerTimeoutMinutes,
      }),
    );
  const outbox = outboxStore(opts.db, { offerLinkHours: opts.offerLinkHours });
  // This server's channels: those a sender carries whole (the partners-only webhook is not one).
  const ownChannels = senders.filter((s) => !s.kinds).map((s) => s.channel);
  const directory = alertServerDirectory(opts.db, ownChannels);
  const channels: AlertChannel[] = [...ownChannels];
  const log = app.log.child({ component: "alerts" });
  const heartbeat = async (now: Date) => {
    await directory.announce(now);
    channels.splice(0, channels.length, ...(await directory.knownChannels(now)));
    const failed = await directory.failUnsendable(now);
    if (failed > 0)
      log.error({ count: failed, outcome: "failed" }, "alerts no running server could send for 48 h: given up");
  };
  const worker = new AlertWorker({ outbox, senders, log, heartbeat, ...opts.worker });
  // Alerts were queued with the change these say: the worker looks at the outbox now, not at its next poll.
  const queuedWith = [
    "request.stored",
    "request.cancelled",
    "offers.sent",
    "offer.answered",
    "offers.unanswered",
  ] as const;
  for (const name of queuedWith) app.domainEvents.on(name, () => worker.wake());
  const now = opts.worker?.now ?? (() => new Date());
  app.decorate("alerts", {
    channels,
    ownChannels,
    channelsWithoutSender: () => directory.channelsWithoutSender(now()),
    stats: async () => {
      const at = now();
      return { ...(await outbox.stats(at)), channelsWithoutSender: await directory.channelsWithoutSender(at) };
    },
    worker,
    outbox,
  });

  if (ownChannels.length === 0) app.log.warn(NO_ALERT_CHANNEL_WARNING);
  else app.log.info({ channels: ownChannels }, "new-request alerts on");

  app.addHook("onReady", async () => {
    // Before anything is queued: this server's channels are known to the others, and theirs to it.
    await worker.heartbeat().catch((error) => log.error({ err: error }, "alerts: could not announce this server"));
    if (opts.exclusive) {
      // Not fatal: the alerts simply wait out their lease.
      await outbox
        .releaseClaims(opts.worker?.now?.() ?? new Date())
        .catch((error) => app.log.error({ err: error }, "alerts: could not release claims left by a stopped server"));
    }
    if (opts.autoStart !== false) worker.start();
  });
  app.addHook("onClose", async () => {
    await worker.stop();
    for (const s of senders) s.close?.();
  });
}

export default fp(alertsPlugin, { name: "alerts", dependencies: ["domain-events"] });
