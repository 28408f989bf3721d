import type { Db } from "../../db/client";
import { rebuildSiteEventTotals } from "../events/store";
import { rebuildRequestRollups } from "../service-requests/numbers-rollups";

/**
 * Every rollup the numbers page reads, counted again from the tables they sum up: for history written
 * straight into the tables (the benchmark's seed, a test's history, a restored copy). The writes keep
 * them otherwise.
 */
export async function rebuildNumbersRollups(db: Db): Promise<void> {
  await rebuildRequestRollups(db);
  await rebuildSiteEventTotals(db);
}
