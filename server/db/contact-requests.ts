import { sql } from "drizzle-orm";
import type { ContactRequest } from "../../src/lib/contact-schema";
import type { Db } from "./client";
import { type AlertChannel, alertOutbox, contactRequests } from "./schema";

export interface StoredContactRequest {
  id: number;
  createdAt: Date;
}

/**
 * Writing service requests. One statement stores the request and one pending alert per configured
 * channel (data-modifying CTEs): it commits or fails as a whole, so no crash can leave a stored
 * request without its alerts, and it costs one round trip like a bare insert. Resolves after the
 * commit. There is deliberately no read here: nothing on the public side reads stored requests.
 */
export function contactRequestWriter(db: Db, channels: readonly AlertChannel[] = []) {
  // The channel names come from the configuration, never from a visitor; one text parameter.
  const channelList = channels.join(",");
  return async function store(request: ContactRequest): Promise<StoredContactRequest> {
    const result = (await db.execute(sql`
      with stored as (
        insert into ${contactRequests}
          (${sql.identifier(contactRequests.name.name)}, ${sql.identifier(contactRequests.email.name)},
           ${sql.identifier(contactRequests.phone.name)}, ${sql.identifier(contactRequests.service.name)},
           ${sql.identifier(contactRequests.pickupLocation.name)}, ${sql.identifier(contactRequests.dropoffLocation.name)},
           ${sql.identifier(contactRequests.vehicle.name)})
        values (${request.name}, ${request.email}, ${request.phone}, ${request.service},
                ${request.pickupLocation}, ${request.dropoffLocation}, ${request.vehicle ?? null})
        returning ${sql.identifier(contactRequests.id.name)}, ${sql.identifier(contactRequests.createdAt.name)}
      ), alerts as (
        insert into ${alertOutbox} (${sql.identifier(alertOutbox.contactRequestId.name)}, ${sql.identifier(alertOutbox.channel.name)})
        select stored.id, channel from stored, unnest(string_to_array(${channelList}::text, ',')) as channel
      )
      select id, created_at from stored`)) as unknown as { rows: { id: number; created_at: Date | string }[] };
    const row = result.rows[0];
    if (!row) throw new Error("The insert returned no row");
    return { id: Number(row.id), createdAt: new Date(row.created_at) };
  };
}
