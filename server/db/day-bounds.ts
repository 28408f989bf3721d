import { type SQL, sql } from "drizzle-orm";
import { site } from "../../src/shared/site";

/**
 * A day is a day on the business's clock (site.timeZone), whatever the database's zone: the first
 * moment of day `day` (YYYY-MM-DD), and of the day after it, as SQL timestamps with time zone.
 */
export const startOfDay = (day: string, timeZone = site.timeZone): SQL =>
  sql`(${day}::date)::timestamp at time zone ${timeZone}`;
export const startOfNextDay = (day: string, timeZone = site.timeZone): SQL =>
  sql`((${day}::date) + 1)::timestamp at time zone ${timeZone}`;
