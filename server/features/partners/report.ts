import { sql } from "drizzle-orm";
import { addDays } from "../../../src/shared/business-day";
import {
  DEFAULT_REPORT_DAYS,
  type PartnerReport,
  type PartnerReportQuery,
  type PartnerReportRow,
} from "../../../src/shared/partner-schema";
import { site } from "../../../src/shared/site";
import type { Db } from "../../db/client";
import { startOfDay, startOfNextDay } from "../../db/day-bounds";
import { rowsOf } from "../../db/rows";
import { partnerOffers, partners } from "../../db/schema";
import { BYTE_ORDER_MARK, csvLine } from "../../shared/csv";
import { businessDay } from "./store";

/**
 * The partners report: for a period, per partner, the offers they were sent, how many they accepted,
 * declined or let expire, the median time from offer to acceptance, and how many accepted jobs they
 * marked done. An offer counts in the period it was sent in (days in the business's time zone); a
 * withdrawn offer (another partner took the job first) counts as an offer and nothing else. Every
 * partner has a row, with zeros when they had no offers: a partner never asked is worth seeing too.
 */

/** The period a query asks for: its days as given, or the last 30 days up to today. */
export function reportPeriod(query: PartnerReportQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > businessDay(now) ? query.from : businessDay(now));
  const from = query.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  return { from, to };
}

/** One aggregate over the period's offers, joined to every partner. */
export async function partnerReport(db: Db, period: { from: string; to: string }): Promise<PartnerReport> {
  // The period's offers are counted per partner first (the index on partner and time finds them),
  // then joined to the 50-odd partners: cheaper than joining every offer row to its partner.
  const result = await rowsOf<{
    partner_id: number;
    company_name: string;
    active: boolean;
    offers: number;
    accepted: number;
    declined: number;
    expired: number;
    done: number;
    median_seconds: number | string | null;
  }>(
    db,
    sql`
    with counted as (
      select o.partner_id,
        count(*)::int as offers,
        (count(*) filter (where o.state = 'accepted'))::int as accepted,
        (count(*) filter (where o.state = 'declined'))::int as declined,
        (count(*) filter (where o.state = 'expired'))::int as expired,
        (count(*) filter (where o.state = 'accepted' and o.step = 'done'))::int as done,
        -- date_part's double precision sorts several times faster than extract's numeric.
        percentile_cont(0.5) within group (order by date_part('epoch', o.answered_at - o.created_at))
          filter (where o.state = 'accepted' and o.answered_at is not null) as median_seconds
      from ${partnerOffers} o
      where o.created_at >= ${startOfDay(period.from)} and o.created_at < ${startOfNextDay(period.to)}
      group by o.partner_id
    )
    select p.id as partner_id, p.company_name, p.active,
      coalesce(c.offers, 0) as offers, coalesce(c.accepted, 0) as accepted, coalesce(c.declined, 0) as declined,
      coalesce(c.expired, 0) as expired, coalesce(c.done, 0) as done, c.median_seconds
    from ${partners} p
    left join counted c on c.partner_id = p.id
    order by p.company_name, p.id`,
  );
  const rows = result.map(
    (r): PartnerReportRow => ({
      partnerId: Number(r.partner_id),
      companyName: r.company_name,
      active: Boolean(r.active),
      offers: Number(r.offers),
      accepted: Number(r.accepted),
      declined: Number(r.declined),
      expired: Number(r.expired),
      medianSecondsToAccept: r.median_seconds === null ? null : Math.round(Number(r.median_seconds)),
      completionRate: Number(r.accepted) > 0 ? Number(r.done) / Number(r.accepted) : null,
    }),
  );
  return { ...period, rows };
}

/** The same report for a spreadsheet (the desk's CSV rules: a BOM, CRLF, formula-safe cells). */
export function partnerReportCsv(report: PartnerReport): string {
  const header = csvLine([
    "Partner",
    `From (${site.timeZone})`,
    `To (${site.timeZone})`,
    "Offers",
    "Accepted",
    "Declined",
    "Expired",
    "Median time to accept (minutes)",
    "Completion rate (%)",
  ]);
  const lines = report.rows.map((r) =>
    csvLine([
      r.companyName,
      report.from,
      report.to,
      r.offers,
      r.accepted,
      r.declined,
      r.expired,
      r.medianSecondsToAccept === null ? "" : Math.round(r.medianSecondsToAccept / 6) / 10,
      r.completionRate === null ? "" : Math.round(r.completionRate * 1000) / 10,
    ]),
  );
  return BYTE_ORDER_MARK + header + lines.join("");
}
