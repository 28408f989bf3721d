import { createHmac } from "node:crypto";
import type { SiteEvent } from "../../../src/shared/event-schema";
import type { Counters } from "../../plugins/counters";

/**
 * The most counts one client (an IPv4 address, or an IPv6 /64: the app's client key) may add in a day,
 * over every event and page. A visitor's day is a handful (a call tap, a form started and sent, the chat
 * opened); past it, a client's events are not counted, so a script cannot fill the owner's numbers.
 */
export const EVENTS_PER_CLIENT_PER_DAY = 40;

/**
 * How long what is remembered of a day lives: the day itself (25 hours when the clocks go back) and a
 * little more. Then the day's secret and every mark made with it are gone.
 */
const DAY_MEMORY_MS = 26 * 60 * 60 * 1000;

export type EventVerdict = "count" | "repeat" | "capped";

/**
 * Whether a client's event is counted: once per client, event (name and placement), page, language and
 * business day, and at most EVENTS_PER_CLIENT_PER_DAY a day per client. Nothing personal is kept to decide
 * it, in the database or anywhere: each mark is an HMAC of the client key under a random secret of that
 * day (made by the first process to need it, shared through Redis when REDIS_URL is set, never logged),
 * held in the rate limits' counters (memory, or Redis) and expiring with the day. Without the secret
 * the marks say nothing about who made them.
 */
export function eventsOncePerClient(counters: Counters) {
  const mark = (secret: string, ...parts: string[]) =>
    createHmac("sha256", secret).update(parts.join("\n")).digest("base64url").slice(0, 22);

  return async function verdict(client: string, day: string, event: SiteEvent): Promise<EventVerdict> {
    const secret = await counters.sharedSecret(`events-secret:${day}`, DAY_MEMORY_MS);
    const seenKey = `events-seen:${day}:${mark(secret, client, event.name, event.placement, event.page, event.language)}`;
    if ((await counters.read(seenKey, DAY_MEMORY_MS)).current > 0) return "repeat";
    // The day's allowance is spent before a new mark is made, so a client past it adds no marks either.
    const spent = await counters.incr(`events-client:${day}:${mark(secret, client)}`, DAY_MEMORY_MS);
    if (spent.current > EVENTS_PER_CLIENT_PER_DAY) return "capped";
    // Two sends of one event at the same moment: only the first mark counts.
    return (await counters.incr(seenKey, DAY_MEMORY_MS)).current === 1 ? "count" : "repeat";
  };
}
