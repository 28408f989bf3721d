import { and, eq } from "drizzle-orm";
import type { PushSubscriptionInput } from "../../src/lib/desk-schema";
import type { Db } from "./client";
import { type DeskPushSubscriptionRow, deskPushSubscriptions } from "./schema";

/** The desk's Web Push subscriptions: kept by the desk's routes, read by the push alert sender. */
export function pushSubscriptionStore(db: Db) {
  return {
    /** Keeps this browser's subscription for the user; an endpoint seen before moves to them with new keys. */
    async save(userId: number, subscription: PushSubscriptionInput): Promise<void> {
      const { endpoint, keys } = subscription;
      await db
        .insert(deskPushSubscriptions)
        .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: deskPushSubscriptions.endpoint,
          set: { userId, p256dh: keys.p256dh, auth: keys.auth },
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
