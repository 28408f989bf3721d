import { randomUUID } from "node:crypto";
import { and, count, eq, gt, inArray, lte, ne, notInArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AlertChannel, type AlertKind, alertChannels, alertOutbox, alertServers } from "../../db/schema";
import { isPartnerAlert, PARTNER_ALERT_KINDS } from "../../shared/partner-alert-channels";
import { GIVE_UP_AFTER_MS } from "./retry-policy";

/** How often a server's worker says it is alive (and reads what the others carry). */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A server not heard from for this long is not counted on to send anything (four missed heartbeats). */
export const LIVE_FOR_MS = 4 * HEARTBEAT_INTERVAL_MS;
/**
 * A channel some server carried this recently still gets its alerts queued: a server restarting (a
 * deploy) or down for a while sends them when it is back. Past the give-up time nobody would send them.
 */
export const KNOWN_FOR_MS = GIVE_UP_AFTER_MS;

/** Can a live server with these whole channels send this alert? Every server posts partners' webhooks. */
const canSend = (channels: readonly AlertChannel[], channel: AlertChannel, kind: AlertKind) =>
  channels.includes(channel) || (channel === "webhook" && isPartnerAlert(kind));

/**
 * The installation's alert servers, as their heartbeats say (table alert_servers): which channels to
 * queue an alert on, and which channels have alerts waiting that no live server can send.
 * `channels` are this server's own (the ones its senders carry whole).
 */
export function alertServerDirectory(db: Db, channels: readonly AlertChannel[], id: string = randomUUID()) {
  return {
    id,

    /** Says this server is alive with its channels, and forgets servers silent past the give-up time. */
    async announce(now: Date): Promise<void> {
      await db
        .insert(alertServers)
        .values({ id, channels: [...channels], lastSeenAt: now })
        .onConflictDoUpdate({ target: alertServers.id, set: { channels: [...channels], lastSeenAt: now } });
      await db.delete(alertServers).where(lte(alertServers.lastSeenAt, new Date(now.getTime() - KNOWN_FOR_MS)));
    },

    /** This server's channels and those of every server heard from in the last 48 hours. */
    async knownChannels(now: Date): Promise<AlertChannel[]> {
      const rows = await db
        .select({ channels: alertServers.channels })
        .from(alertServers)
        .where(gt(alertServers.lastSeenAt, new Date(now.getTime() - KNOWN_FOR_MS)));
      return [...new Set([...channels, ...rows.flatMap((r) => r.channels)])].sort();
    },

    /**
     * Gives up, as a failed attempt would after 48 hours, the alerts no live server could send in that
     * time (a channel no running server has): so none goes out days late when one comes back, and
     * /api/health counts them as failed. Run by a live server, so the partners' webhooks always have one.
     */
    async failUnsendable(now: Date): Promise<number> {
      const live = await db
        .select({ channels: alertServers.channels })
        .from(alertServers)
        .where(gt(alertServers.lastSeenAt, new Date(now.getTime() - LIVE_FOR_MS)));
      const liveChannels = new Set([...channels, ...live.flatMap((r) => r.channels)]);
      const orphaned = alertChannels.filter((c) => !liveChannels.has(c));
      if (orphaned.length === 0) return 0;
      const failed = await db
        .update(alertOutbox)
        .set({ state: "failed", lastError: "no running server could send it on this channel within 48 hours" })
        .where(
          and(
            eq(alertOutbox.state, "pending"),
            lte(alertOutbox.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
            inArray(alertOutbox.channel, orphaned),
            // Every server posts the partners' webhooks.
            or(ne(alertOutbox.channel, "webhook"), notInArray(alertOutbox.kind, [...PARTNER_ALERT_KINDS])),
          ),
        )
        .returning({ id: alertOutbox.id });
      return failed.length;
    },

    /** The channels with pending alerts that no server heard from in the last minute can send. */
    async channelsWithoutSender(now: Date): Promise<AlertChannel[]> {
      const [pending, live] = await Promise.all([
        db
          .select({ channel: alertOutbox.channel, kind: alertOutbox.kind, n: count() })
          .from(alertOutbox)
          .where(eq(alertOutbox.state, "pending"))
          .groupBy(alertOutbox.channel, alertOutbox.kind),
        db
          .select({ channels: alertServers.channels })
          .from(alertServers)
          .where(and(gt(alertServers.lastSeenAt, new Date(now.getTime() - LIVE_FOR_MS)))),
      ]);
      const liveChannels = live.flatMap((r) => r.channels);
      const stuck = pending.filter((p) => live.length === 0 || !canSend(liveChannels, p.channel, p.kind));
      return [...new Set(stuck.map((p) => p.channel))].sort();
    },
  };
}

export type AlertServerDirectory = ReturnType<typeof alertServerDirectory>;
