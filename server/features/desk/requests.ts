import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  type DeskAlert,
  type DeskEvent,
  type DeskRequest,
  type InboxFilter,
  type InboxRow,
  NEW_COUNT_CAP,
} from "../../../src/shared/desk-schema";
import { locationView } from "../../../src/shared/location";
import type { Db } from "../../db/client";
import { startOfDay, startOfNextDay } from "../../db/day-bounds";
import { alertOutbox, requestEvents, searchableText, serviceRequests } from "../../db/schema";
import { earlierFixes } from "../here/store";

/** Reading and working service requests for the desk. Every write records who and when in request_events. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterCondition(filter: InboxFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(serviceRequests.status, filter.status));
  if (filter.service) conditions.push(eq(serviceRequests.service, filter.service));
  if (filter.source) conditions.push(eq(serviceRequests.source, filter.source));
  if (filter.from) conditions.push(gte(serviceRequests.createdAt, startOfDay(filter.from)));
  if (filter.to) conditions.push(lt(serviceRequests.createdAt, startOfNextDay(filter.to)));
  if (filter.q) {
    // Same expression as the trigram index (schema.ts), so the index answers it.
    conditions.push(sql`${searchableText} like ${`%${escapeLike(filter.q.toLowerCase())}%`}`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const inboxColumns = {
  id: serviceRequests.id,
  createdAt: serviceRequests.createdAt,
  name: serviceRequests.name,
  phone: serviceRequests.phone,
  service: serviceRequests.service,
  pickupLocation: serviceRequests.pickupLocation,
  language: serviceRequests.language,
  status: serviceRequests.status,
  source: serviceRequests.source,
};

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** One page, newest first; one row more than the page tells whether there is a next page. */
export async function listRequests(db: Db, filter: InboxFilter, page: number, pageSize: number) {
  const rows = await db
    .select(inboxColumns)
    .from(serviceRequests)
    .where(filterCondition(filter))
    .orderBy(desc(serviceRequests.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const items: InboxRow[] = rows.slice(0, pageSize).map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  // Whatever the filter, how many still wait for someone (the tab's title shows it). Counted up to a
  // cap: past it the owner needs no exact number, and a full count of 100,000 rows costs a scan.
  const waiting = db
    .select({ one: sql`1` })
    .from(serviceRequests)
    .where(eq(serviceRequests.status, "new"))
    .limit(NEW_COUNT_CAP + 1)
    .as("waiting");
  const [counted] = await db.select({ n: count() }).from(waiting);
  return { items, page, pageSize, hasMore: rows.length > pageSize, newCount: counted?.n ?? 0 };
}

/** Every matching request, newest first, read in batches by id so memory stays flat for any size. */
export async function* eachRequest(db: Db, filter: InboxFilter, batchSize = 1000) {
  let before: number | undefined;
  for (;;) {
    const where = and(filterCondition(filter), before === undefined ? undefined : lt(serviceRequests.id, before));
    const rows = await db
      .select()
      .from(serviceRequests)
      .where(where)
      .orderBy(desc(serviceRequests.id))
      .limit(batchSize);
    for (const row of rows) yield row;
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1]?.id;
  }
}

export async function getRequest(db: Db, id: number) {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  if (!row) return undefined;
  const request: DeskRequest = {
    id: row.id,
    createdAt: iso(row.createdAt),
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    vehicle: row.vehicle,
    note: row.note,
    deskVehicle: row.deskVehicle,
    licensePlate: row.licensePlate,
    status: row.status,
    driverMessage: row.driverMessage,
    driverMessageAt: isoOrNull(row.driverMessageAt),
    cancelledAt: isoOrNull(row.cancelledAt),
    cancelReason: row.cancelReason,
    language: row.language,
    source: row.source,
    location: locationView(row),
    earlierLocations: (await earlierFixes(db, id)).flatMap((fix) => {
      const view = locationView({ ...fix, locationAccuracyM: fix.accuracyM, locationFixedAt: fix.fixedAt });
      return view ? [view] : [];
    }),
  };
  const alertRows = await db
    .select()
    .from(alertOutbox)
    .where(eq(alertOutbox.serviceRequestId, id))
    .orderBy(alertOutbox.createdAt);
  const alerts: DeskAlert[] = alertRows.map((a) => ({
    id: a.id,
    kind: a.kind,
    channel: a.channel,
    state: a.state,
    attempts: a.attempts,
    lastError: a.lastError,
    nextAttemptAt: iso(a.nextAttemptAt),
    lastAttemptAt: isoOrNull(a.lastAttemptAt),
    sentAt: isoOrNull(a.sentAt),
  }));
  return { request, alerts, events: await eventsOf(db, id) };
}

const toEvent = (e: typeof requestEvents.$inferSelect): DeskEvent => ({ ...e, at: iso(e.at) });

async function eventsOf(db: Db, requestId: number): Promise<DeskEvent[]> {
  const rows = await db
    .select()
    .from(requestEvents)
    .where(eq(requestEvents.requestId, requestId))
    .orderBy(desc(requestEvents.id));
  return rows.map(toEvent);
}

/** The latest changes over all requests (deletions included): the desk's activity view. */
export async function recentEvents(db: Db, limit = 50): Promise<DeskEvent[]> {
  const rows = await db.select().from(requestEvents).orderBy(desc(requestEvents.id)).limit(limit);
  return rows.map(toEvent);
}

export async function addNote(db: Db, id: number, note: string, actor: string) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    if (!current) return undefined;
    const [event] = await tx.insert(requestEvents).values({ requestId: id, kind: "note", actor, note }).returning();
    return event ? toEvent(event) : undefined;
  });
}
