import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { PushSubscriptionInput } from "../../../src/shared/desk-schema";
import type { Db } from "../../db/client";
import { type DeskPushSubscriptionRow, deskPushSubscriptions } from "../../db/schema";

/**
 * The most browsers one desk user gets phone alerts on. Each is a POST per alert from the outbox, so
 * an account cannot make the server post to endless endpoints; ten is more phones and computers than
 * one dispatcher uses.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** Where the desk's Web Push alerts go: the alerts own the table; the desk's routes keep each user's browsers in it. */
export function pushSubscriptionStore(db: Db) {
  return {
    /**
     * Keeps this browser's subscription for the user; an endpoint seen before moves to them with new
     * keys. Over the cap, the user's subscription given least recently is dropped rather than the new
     * one refused: a browser in use gives its subscription again each time the desk opens (created_at
     * is then moved to now), so the one dropped is a phone that is lost, reset or no longer used, which
     * the owner could not turn off, while a refusal would leave the phone in hand without alerts.
     * Returns how many were dropped.
     */
    async save(userId: number, subscription: PushSubscriptionInput): Promise<number> {
      const { endpoint, keys } = subscription;
      const t = deskPushSubscriptions;
      return db.transaction(async (tx) => {
        await tx
          .insert(t)
          .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
          .onConflictDoUpdate({
            target: t.endpoint,
            set: { userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
          });
        // After the insert, so two saves at once still leave at most the cap.
        const kept = tx
          .select({ id: t.id })
          .from(t)
          .where(eq(t.userId, userId))
          .orderBy(desc(t.createdAt), desc(t.id))
          .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
        const dropped = await tx
          .delete(t)
          .where(and(eq(t.userId, userId), notInArray(t.id, kept)))
          .returning({ id: t.id });
        return dropped.length;
      });
    },
    /** Forgets the user's subscription at this endpoint; true when there was one. */
    async remove(userId: number, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(deskPushSubscriptions)
        .where(and(eq(deskPushSubscriptions.userId, userId), eq(deskPushSubscriptions.endpoint, endpoint)))
        .returning({ id: deskPushSubscriptions.id });
      return gone.length > 0;
    },
    async isSubscribed(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db
        .select({ id: deskPushSubscriptions.id })
        .from(deskPushSubscriptions)
        .where(and(eq(deskPushSubscriptions.userId, userId), eq(deskPushSubscriptions.endpoint, endpoint)));
      return rows.length > 0;
    },
    all: (): Promise<DeskPushSubscriptionRow[]> => db.select().from(deskPushSubscriptions),
    /** The push service says this endpoint is gone for good (404, 410): nobody will read it again. */
    async forget(id: number): Promise<void> {
      await db.delete(deskPushSubscriptions).where(eq(deskPushSubscriptions.id, id));
    },
  };
}

export type PushSubscriptionStore = ReturnType<typeof pushSubscriptionStore>;
