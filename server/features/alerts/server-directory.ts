import { randomUUID } from "node:crypto";
import { and, count, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AlertChannel, type AlertKind, alertOutbox, alertServers } from "../../db/schema";
import { isPartnerAlert } from "./channel";
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
