import type { FastifyError, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { numbersQuerySchema } from "../../../src/shared/numbers-schema";
import { site } from "../../../src/shared/site";
import type { Db } from "../../db/client";
import { zodIssuesOf } from "../../shared/schema-errors";
import { numbersCache } from "./cache";
import { deskNumbers } from "./queries";

export interface NumbersRouteOptions {
  db: Db;
  /** The clock "today" is read from; tests move it. */
  now?: () => Date;
  /** How long an answer is given again before it is computed anew (server/features/numbers/cache.ts); 0: never kept. */
  freshMs: number;
}

/**
 * GET /api/desk/numbers?days=7|30|90|365: the numbers page's figures (src/shared/numbers-schema.ts),
 * for a signed-in desk user. Registered inside the desk's signed-in scope, whose hook checks the session.
 */
export default async function numbersRoutes(instance: FastifyInstance, opts: NumbersRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const issues = zodIssuesOf(error);
    if (!issues) throw error;
    return reply.code(400).send({ error: issues[0]?.message ?? "Choose 7, 30, 90 or 365 days." });
  });
  const now = opts.now ?? (() => new Date());
  const numbersFor = numbersCache({
    compute: (days, at) => deskNumbers(opts.db, days, at, site.timeZone),
    freshMs: opts.freshMs,
    now,
    timeZone: site.timeZone,
    onRefreshError: (error) => app.log.error({ err: error }, "numbers page: refreshing the figures failed"),
  });
  app.get("/api/desk/numbers", { schema: { querystring: numbersQuerySchema } }, async (request) =>
    numbersFor(request.query.days),
  );
}
