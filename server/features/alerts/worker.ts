import type { FastifyBaseLogger } from "fastify";
import type { AlertChannel } from "../../db/schema";
import { type AlertSender, type ClaimedAlert, DeliveryError, type Skipped } from "./channel";
import type { OutboxStore } from "./outbox";
import { GIVE_UP_AFTER_MS, retryDelayMs } from "./retry-policy";
import { HEARTBEAT_INTERVAL_MS } from "./server-directory";

export interface AlertWorkerOptions {
  outbox: OutboxStore;
  senders: AlertSender[];
  log: FastifyBaseLogger;
  /** The clock every decision reads (due, backoff, give-up); tests pass a controlled one. */
  now?: () => Date;
  random?: () => number;
  /** How often to look for due alerts when nothing wakes the worker sooner. */
  pollIntervalMs?: number;
  /** How long a claim holds an alert; longer than any one send can take (SMTP stages, webhook 10 s). */
  leaseMs?: number;
  batchSize?: number;
  /**
   * Says this server is alive (its channels, for the other servers) and reads what they carry; run by
   * the loop every HEARTBEAT_INTERVAL_MS on the worker's clock.
   */
  heartbeat?: (now: Date) => Promise<void>;
}

const DEFAULT_POLL_INTERVAL_MS = 1_000;
export const DEFAULT_LEASE_MS = 45_000;

/**
 * Delivers the outbox: claims due alerts, sends each on its channel, records the outcome, and
 * schedules retries. At least once: an alert is marked sent only after its receiver accepted it, so a
 * crash between the two sends it again (with the same id, for the receiver to drop).
 */
export class AlertWorker {
  private readonly senders: Map<AlertChannel, AlertSender>;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastHeartbeat: number | undefined;

  constructor(private readonly options: AlertWorkerOptions) {
    this.senders = new Map(options.senders.map((s) => [s.channel, s]));
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.batchSize = options.batchSize ?? 20;
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due alerts now (a request was just stored), instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => this.wake(), this.pollIntervalMs);
      this.timer.unref();
    });
  }

  /** Stops polling and waits for sends under way; an unfinished one is retried after its lease. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async loop(): Promise<void> {
    try {
      const now = this.now().getTime();
      // A missed heartbeat is not fatal: the alerts are still sent; the others count this server out a minute later.
      if (this.lastHeartbeat === undefined || now - this.lastHeartbeat >= HEARTBEAT_INTERVAL_MS)
        await this.heartbeat().catch((error) =>
          this.options.log.error({ err: error }, "alert delivery: could not announce this server's channels"),
        );
      // Keep going while full batches come back: a burst drains without waiting for the poll.
      while (!this.stopped && (await this.runOnce()) === this.batchSize) {}
    } catch (error) {
      this.options.log.error({ err: error }, "alert delivery: could not read the outbox");
    }
  }

  /** Says this server is alive, now (the loop does it every HEARTBEAT_INTERVAL_MS; tests call it). */
  async heartbeat(): Promise<void> {
    if (!this.options.heartbeat) return;
    const now = this.now();
    await this.options.heartbeat(now);
    this.lastHeartbeat = now.getTime();
  }

  /**
   * One pass: claims up to a batch of due alerts and sends them side by side, each recorded as soon as
   * its own send ends (not when the batch's last does): a crash then repeats only the sends under way
   * at that instant. Their claims are renewed while they are, so none is taken again meanwhile.
   * Returns how many were claimed.
   */
  async runOnce(): Promise<number> {
    const claimed = await this.options.outbox.claimDue(
      this.now(),
      this.batchSize,
      this.leaseMs,
      [...this.senders.values()].map((s) => ({ channel: s.channel, kinds: s.kinds })),
    );
    if (claimed.length === 0) return 0;
    const inFlight = new Set(claimed.map((a) => a.id));
    const renewal = setInterval(
      () => {
        this.options.outbox
          .renewClaims([...inFlight], this.now(), this.leaseMs)
          .catch((error: unknown) => this.options.log.warn({ err: error }, "alert delivery: could not renew a claim"));
      },
      Math.max(50, this.leaseMs / 3),
    );
    renewal.unref();
    try {
      await Promise.all(
        claimed.map(async (alert) => {
          try {
            await this.deliverAndRecord(alert);
          } finally {
            inFlight.delete(alert.id);
          }
        }),
      );
    } finally {
      clearInterval(renewal);
    }
    return claimed.length;
  }

  /** Sends one alert and records at once what came of it. */
  private async deliverAndRecord(alert: ClaimedAlert): Promise<void> {
    const { log, outbox } = this.options;
    const base = { alertId: alert.id, channel: alert.channel, attempt: alert.attempt };
    const outcome = await this.deliver(alert);
    try {
      if (outcome === "sent") {
        await outbox.markSent([alert.id], this.now());
        log.info({ ...base, outcome: "sent" }, "alert delivered");
      } else if (typeof outcome === "object") {
        await outbox.markSkipped([alert.id]);
        log.info({ ...base, outcome: "skipped", reason: outcome.skipped }, "alert skipped");
      }
    } catch (error) {
      // Sent but not recorded: it is sent again when its claim runs out (at least once, same id).
      log.error({ ...base, err: error }, "alert delivery: could not record the outcome");
    }
  }

  /**
   * Sends one alert: "sent" when its receiver accepted it, Skipped when there was nothing to send,
   * false when it failed (the failure is already recorded).
   */
  private async deliver(alert: ClaimedAlert): Promise<"sent" | Skipped | false> {
    const { log, outbox } = this.options;
    const base = { alertId: alert.id, channel: alert.channel, attempt: alert.attempt };
    const sender = this.senders.get(alert.channel);
    try {
      // Not claimed in the first place (claimDue takes this server's channels only); kept as a backstop.
      if (!sender) throw new DeliveryError(`the ${alert.channel} channel is not configured on this server`);
      const skipped = await sender.send(alert);
      if (skipped) return skipped;
    } catch (error) {
      const reason = error instanceof DeliveryError ? error.message : "unexpected error";
      if (!(error instanceof DeliveryError)) log.error({ ...base, err: error }, "alert delivery: unexpected error");
      const now = this.now();
      const givenUp = now.getTime() - alert.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      const retryAt = givenUp ? null : new Date(now.getTime() + retryDelayMs(alert.attempt, this.random));
      await outbox.markFailedAttempt(alert.id, reason, retryAt, {
        pageToken: alert.pageToken,
        offerToken: alert.offerToken,
      });
      if (retryAt) log.warn({ ...base, outcome: "retry", error: reason, retryAt }, "alert delivery failed; will retry");
      else log.error({ ...base, outcome: "failed", error: reason }, "alert delivery failed; giving up after 48 h");
      return false;
    }
    return "sent";
  }
}
