import { sql } from "drizzle-orm";
import type { ContactRequest } from "../../src/lib/contact-schema";
import type { Db } from "./client";
import { type AlertChannel, alertOutbox, contactRequests } from "./schema";

export interface StoredContactRequest {
  id: number;
  createdAt: Date;
  /** False when the idempotency key was stored before: this is that request, and nothing new was stored. */
  created: boolean;
}

/**
 * Writing service requests. One statement stores the request and one pending alert per configured
 * channel (data-modifying CTEs): it commits or fails as a whole, so no crash can leave a stored
 * request without its alerts, and it costs one round trip like a bare insert. Resolves after the
 * commit. The one read is of a request by its idempotency key, to answer a repeat with it.
 */
export function contactRequestWriter(db: Db, channels: readonly AlertChannel[] = []) {
  // The channel names come from the configuration, never from a visitor; one text parameter.
  const channelList = channels.join(",");
  type Rows = { rows: { id: number; created_at: Date | string }[] };
  const stored = (row: Rows["rows"][number], created: boolean) => ({
    id: Number(row.id),
    createdAt: new Date(row.created_at),
    created,
  });
  const byKey = async (key: string) =>
    (
      (await db.execute(sql`
        select ${sql.identifier(contactRequests.id.name)} as id, ${sql.identifier(contactRequests.createdAt.name)} as created_at
        from ${contactRequests} where ${sql.identifier(contactRequests.idempotencyKey.name)} = ${key}`)) as unknown as Rows
    ).rows[0];

  return async function store(request: ContactRequest, idempotencyKey?: string): Promise<StoredContactRequest> {
    const key = idempotencyKey ?? null;
    const result = (await db.execute(sql`
      with stored as (
        insert into ${contactRequests}
          (${sql.identifier(contactRequests.name.name)}, ${sql.identifier(contactRequests.email.name)},
           ${sql.identifier(contactRequests.phone.name)}, ${sql.identifier(contactRequests.service.name)},
           ${sql.identifier(contactRequests.pickupLocation.name)}, ${sql.identifier(contactRequests.dropoffLocation.name)},
           ${sql.identifier(contactRequests.vehicle.name)}, ${sql.identifier(contactRequests.idempotencyKey.name)})
        values (${request.name}, ${request.email}, ${request.phone}, ${request.service},
                ${request.pickupLocation}, ${request.dropoffLocation}, ${request.vehicle ?? null}, ${key})
        on conflict (${sql.identifier(contactRequests.idempotencyKey.name)}) do nothing
        returning ${sql.identifier(contactRequests.id.name)}, ${sql.identifier(contactRequests.createdAt.name)}
      ), alerts as (
        insert into ${alertOutbox} (${sql.identifier(alertOutbox.contactRequestId.name)}, ${sql.identifier(alertOutbox.channel.name)})
        select stored.id, channel from stored, unnest(string_to_array(${channelList}::text, ',')) as channel
      )
      select id, created_at from stored`)) as unknown as Rows;
    const row = result.rows[0];
    if (row) return stored(row, true);
    // The key was stored before (or by a try running at the same moment, committed since this
    // statement began: a new statement sees it).
    const first = key === null ? undefined : await byKey(key);
    if (!first) throw new Error("The insert returned no row");
    return stored(first, false);
  };
}
