import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type DeskPushState,
  type DeskSignIn,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from "../../../src/shared/desk-schema";
import type { Db } from "../../db/client";
import { deskSignIns } from "../../db/schema";
import { type PushEndpointRule, pushEndpointRefusal } from "../../shared/public-endpoint";
import { pushSubscriptionStore } from "../alerts/push-subscriptions";
import { recentEvents } from "./requests";

export interface DeskAccountRouteOptions {
  db: Db;
  /** Both cookies' path, so signing out clears the session cookie where it was set. */
  cookiePath: string;
  sessionCookie: string;
  /** The VAPID public key when Web Push alerts are configured: the desk then offers to subscribe. */
  pushPublicKey?: string;
  /** Which push endpoints a subscription may name (tests allow a local push service). */
  pushEndpointRule?: PushEndpointRule;
}

const PUSH_NOT_CONFIGURED =
  "Phone alerts are not set up on this server: set WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT.";

/**
 * The signed-in desk user's own things: signing out, the phone's push subscription, the sign-in log
 * and the recent activity. Registered inside the desk's signed-in scope (routes.ts).
 */
export default async function deskAccountRoutes(instance: FastifyInstance, opts: DeskAccountRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post("/api/desk/sign-out", async (request, reply) => {
    await request.session.destroy();
    reply.clearCookie(opts.sessionCookie, { path: opts.cookiePath });
    return reply.code(204).send();
  });

  // Web Push: the desk subscribes the owner's phone (PushSubscription.toJSON()), or unsubscribes it.
  const pushSubscriptions = pushSubscriptionStore(db);
  // The server posts to what is saved here: only to endpoints its rule allows (no local or private hosts).
  const subscriptionSchema = pushSubscriptionSchema.superRefine(({ endpoint }, ctx) => {
    const refusal = pushEndpointRefusal(endpoint, opts.pushEndpointRule);
    if (refusal) ctx.addIssue({ code: "custom", path: ["endpoint"], message: refusal });
  });
  app.get("/api/desk/push", async () => ({ publicKey: opts.pushPublicKey ?? null }) satisfies DeskPushState);
  app.post(
    "/api/desk/push-subscriptions",
    {
      // Without a key nothing can be subscribed, whatever was sent: 409 before the body is checked.
      preValidation: async (_request, reply) => {
        if (!opts.pushPublicKey) return reply.code(409).send({ error: PUSH_NOT_CONFIGURED });
      },
      schema: { body: subscriptionSchema },
    },
    async (request, reply) => {
      const dropped = await pushSubscriptions.save(request.session.userId as number, request.body);
      request.log.info({ deskUserId: request.session.userId, dropped }, "desk push subscription saved");
      return reply.code(204).send();
    },
  );
  app.delete("/api/desk/push-subscriptions", { schema: { body: pushEndpointSchema } }, async (request, reply) => {
    await pushSubscriptions.remove(request.session.userId as number, request.body.endpoint);
    return reply.code(204).send();
  });

  app.get("/api/desk/sign-ins", async () => {
    const rows = await db.select().from(deskSignIns).orderBy(desc(deskSignIns.id)).limit(50);
    return rows.map((r): DeskSignIn => ({ ...r, at: r.at.toISOString() }));
  });

  app.get("/api/desk/activity", async () => recentEvents(db));
}
