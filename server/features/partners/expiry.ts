import { eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { endedStatuses } from "../../../src/shared/desk-schema";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import {
  type AlertChannel,
  alertOutbox,
  holdsTheJob,
  partnerOffers,
  partners,
  requestEvents,
  serviceRequests,
} from "../../db/schema";

/**
 * Offers nobody answered, and jobs nobody took. An open offer past its expires_at becomes expired
 * (one offer_expired event, named after the partner). When every offer on a job has expired or been
 * declined, the desk is alerted once: one no_partner event and one no_partner alert on each of the
 * desk's channels (like a new request's). The owner can offer the job again; that is a new round,
 * which escalates again if nobody takes it.
 *
 * A round is the offers sent after the request's last no_partner event, or after the partner who had
 * accepted it reported they could not complete it (a job_progress event, not_completed): the events
 * share one sequence, and the writers (offering, escalation, the partner's report) hold the request's
 * row while they write, so "an offer_sent after the last of those" means exactly "offered since the
 * desk was last alerted, or since the job was left undone". A partner who could not complete the job
 * no longer holds it; the desk hears of that through its own alert (job_not_completed), not this one.
 */

/** Who the history names for what the clock did (an offer expired, the desk alerted). */
export const OFFER_TIMER_ACTOR = "the offer timer";
/** How often the sweep looks for offers past their time. */
export const OFFER_SWEEP_INTERVAL_MS = 15_000;
/** How far back the sweep looks for declined or expired offers whose job may still need escalating. */
const ESCALATION_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Offers expired per statement: a backlog after downtime is worked off in a few batches. */
const EXPIRY_BATCH = 500;

/**
 * Whether request `requestId` has a finished round nobody took: no offer open, no partner holding the
 * job, and an offer sent since the round began. (An offer is withdrawn only when another partner
 * accepted: that partner holds the job, or reported it undone, which began a new round.) The same SQL
 * serves the sweep's search and the check under the row lock.
 */
const nobodyLeft = (requestId: SQL) => sql`
  not exists (
    select 1 from ${partnerOffers}
    where ${partnerOffers.serviceRequestId} = ${requestId}
      and (${partnerOffers.state} = 'offered' or (${holdsTheJob})))
  and coalesce((select max(e.id) from ${requestEvents} e where e.request_id = ${requestId} and e.kind = 'offer_sent'), 0)
    > coalesce((select max(e.id) from ${requestEvents} e where e.request_id = ${requestId}
                and (e.kind = 'no_partner' or (e.kind = 'job_progress' and e.note = 'not_completed'))), 0)`;

export interface EscalationOptions {
  /** The desk's alert channels (app.alerts.channels): a no_partner alert on each. */
  channels: readonly AlertChannel[];
}

/**
 * Alerts the desk if nobody is left to take request `requestId`'s job: at most once per round, on
 * any number of servers (the request's row is locked, then the rule checked again). True when it did.
 * The offer page calls this after a decline, so the desk hears at once; the sweep catches the rest.
 */
export async function escalateIfNobodyLeft(
  db: Db,
  requestId: number,
  now: Date,
  opts: EscalationOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ status: serviceRequests.status })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, requestId))
      .for("update");
    if (!request || endedStatuses.includes(request.status)) return false;
    const [due] = await rowsOf<{ due: boolean }>(tx, sql`select ${nobodyLeft(sql`${requestId}::integer`)} as due`);
    if (!due?.due) return false;
    await tx.insert(requestEvents).values({ requestId, kind: "no_partner", actor: OFFER_TIMER_ACTOR, at: now });
    if (opts.channels.length > 0) {
      await tx
        .insert(alertOutbox)
        .values(
          opts.channels.map((channel) => ({ serviceRequestId: requestId, channel, kind: "no_partner" as const })),
        );
    }
    return true;
  });
}

export interface SweepResult {
  expired: number;
  escalated: number[];
}

/**
 * One pass: expires the open offers past their time (each once, even with several servers sweeping:
 * SKIP LOCKED hands each row to one of them), then escalates every job left with nobody. Also picks up
 * jobs whose last offer was declined (its offer_declined event), in case the decline's own check did not run.
 */
export async function sweepOffers(db: Db, now: Date, opts: EscalationOptions): Promise<SweepResult> {
  let expired = 0;
  for (;;) {
    const result = await rowsOf<{ n: number }>(
      db,
      sql`
      with due as (
        select ${partnerOffers.id} as id from ${partnerOffers}
        where ${partnerOffers.state} = 'offered' and ${partnerOffers.expiresAt} <= ${now.toISOString()}::timestamptz
        order by ${partnerOffers.expiresAt}
        limit ${EXPIRY_BATCH}
        for update skip locked
      ), expired as (
        update ${partnerOffers} set state = 'expired', answered_at = ${now.toISOString()}::timestamptz
        from due where ${partnerOffers.id} = due.id
        returning ${partnerOffers.serviceRequestId} as request_id, ${partnerOffers.partnerId} as partner_id
      ), events as (
        insert into ${requestEvents} (request_id, kind, actor, partner_id, at)
        select x.request_id, 'offer_expired', p.company_name, x.partner_id, ${now.toISOString()}::timestamptz
        from expired x join ${partners} p on p.id = x.partner_id
      )
      select count(*)::int as n from expired`,
    );
    const n = Number(result[0]?.n ?? 0);
    expired += n;
    if (n < EXPIRY_BATCH) break;
  }
  const since = new Date(now.getTime() - ESCALATION_LOOKBACK_MS).toISOString();
  // Jobs with a decline or an expiry lately, found by the history's (kind, at) index: a pass never
  // reads every offer ever made.
  const waiting = await rowsOf<{ id: number }>(
    db,
    sql`
    select r.id from ${serviceRequests} r
    where r.id in (
        select e.request_id from ${requestEvents} e
        where e.kind in ('offer_declined', 'offer_expired') and e.at >= ${since}::timestamptz)
      and r.status not in (${sql.join(
        endedStatuses.map((s) => sql`${s}`),
        sql`, `,
      )})
      and ${nobodyLeft(sql`r.id`)}
    order by r.id`,
  );
  const escalated: number[] = [];
  for (const { id } of waiting) {
    if (await escalateIfNobodyLeft(db, Number(id), now, opts)) escalated.push(Number(id));
  }
  return { expired, escalated };
}

export interface OfferExpiryOptions extends EscalationOptions {
  db: Db;
  /** The clock offers expire by; tests move it. */
  now?: () => Date;
  intervalMs?: number;
  /** false: it does not run by itself (tests call app.offerExpiry.runOnce()). */
  autoStart?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    offerExpiry: {
      runOnce(): Promise<SweepResult>;
      /** After a partner declined: alert the desk now if nobody is left (see escalateIfNobodyLeft). */
      escalate(requestId: number): Promise<boolean>;
    };
  }
}

/**
 * The sweep as a plugin: every 15 s while the server runs; a failed pass is logged and tried next time.
 * A partner's decline ("offer.answered") is escalated at once, before its answer goes out. Each job
 * the sweep or a decline escalated is said as "offers.unanswered": its alerts wait in the outbox.
 */
async function offerExpiry(app: FastifyInstance, opts: OfferExpiryOptions) {
  const now = opts.now ?? (() => new Date());
  const log = app.log.child({ component: "offer-expiry" });
  const runOnce = async () => {
    const result = await sweepOffers(opts.db, now(), opts);
    if (result.expired > 0 || result.escalated.length > 0) {
      log.info({ expired: result.expired, escalated: result.escalated.length }, "offers swept");
    }
    for (const requestId of result.escalated) await app.domainEvents.emit("offers.unanswered", { requestId });
    return result;
  };
  const escalate = async (requestId: number) => {
    const done = await escalateIfNobodyLeft(opts.db, requestId, now(), opts);
    if (done) await app.domainEvents.emit("offers.unanswered", { requestId });
    return done;
  };
  app.decorate("offerExpiry", { runOnce, escalate });
  app.domainEvents.on("offer.answered", async ({ requestId, action }) => {
    if (action === "decline") await escalate(requestId);
  });
  if (opts.autoStart === false) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    // One pass at a time: a slow database never stacks them up.
    if (running) return;
    running = runOnce()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, "offer sweep failed; it runs again shortly"))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onReady", async () => {
    timer = setInterval(tick, opts.intervalMs ?? OFFER_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  // A pass under way finishes before the database closes.
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(offerExpiry, { name: "offer-expiry", dependencies: ["domain-events"] });
