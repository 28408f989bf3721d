import { and, count, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { partnerOffers } from "../../db/schema";
import type { MetricSources } from "../../plugins/metrics";
import type { OutboxStore } from "../alerts/outbox";

/** What /metrics reads from the database and this process; `now` is the clock offers expire by. */
export function databaseMetricSources(
  database: Database,
  outbox: OutboxStore,
  liveStreams: () => number,
  now: () => Date = () => new Date(),
): MetricSources {
  return {
    pendingAlerts: () => outbox.pendingByChannel(new Date()),
    openOffers: async () => {
      const [row] = await database.db
        .select({ n: count() })
        .from(partnerOffers)
        .where(and(eq(partnerOffers.state, "offered"), gt(partnerOffers.expiresAt, now())));
      return Number(row?.n ?? 0);
    },
    liveStreams,
    poolUse: () => database.poolUse(),
  };
}
