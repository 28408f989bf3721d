import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { numbersQuerySchema } from "../../../src/shared/numbers-schema";
import { site } from "../../../src/shared/site";
import type { Db } from "../../db/client";
import { numbersCache } from "./cache";
import { deskNumbers } from "./queries";

export interface NumbersRouteOptions {
  db: Db;
  /** The desk's own check of a signed-in session (401 without one). */
  requireUser: preHandlerAsyncHookHandler;
  /** The clock "today" is read from; tests move it. */
  now?: () => Date;
  /** How long an answer is given again before it is computed anew (server/features/numbers/cache.ts); 0: never kept. */
  freshMs: number;
}

/**
 * GET /api/desk/numbers?days=7|30|90|365: the numbers page's figures (src/shared/numbers-schema.ts),
 * for a signed-in desk user. Registered inside the desk's routes, so it has their session.
 */
export default async function numbersRoutes(app: FastifyInstance, opts: NumbersRouteOptions) {
  const now = opts.now ?? (() => new Date());
  const numbersFor = numbersCache({
    compute: (days, at) => deskNumbers(opts.db, days, at, site.timeZone),
    freshMs: opts.freshMs,
    now,
    timeZone: site.timeZone,
    onRefreshError: (error) => app.log.error({ err: error }, "numbers page: refreshing the figures failed"),
  });
  app.get("/api/desk/numbers", { preHandler: opts.requireUser }, async (request, reply) => {
    const parsed = numbersQuerySchema.safeParse(request.query);
    if (!parsed.success)
      return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? "Choose 7, 30, 90 or 365 days." });
    return numbersFor(parsed.data.days);
  });
}
