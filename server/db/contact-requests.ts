import { sql } from "drizzle-orm";
import type { ContactRequest } from "../../src/lib/contact-schema";
import type { Db } from "./client";
import { contactRequests } from "./schema";

export interface StoredContactRequest {
  id: number;
  createdAt: Date;
}

/**
 * Writing service requests: one prepared INSERT ... RETURNING, built once (PostgreSQL parses and
 * plans it once per connection). Resolves after the row is committed. There is deliberately no
 * read here: nothing on the public side reads stored requests.
 */
export function contactRequestWriter(db: Db) {
  const insert = db
    .insert(contactRequests)
    .values({
      name: sql.placeholder("name"),
      email: sql.placeholder("email"),
      phone: sql.placeholder("phone"),
      service: sql.placeholder("service"),
      pickupLocation: sql.placeholder("pickupLocation"),
      dropoffLocation: sql.placeholder("dropoffLocation"),
    })
    .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt })
    .prepare("insert_contact_request");

  return async function store(request: ContactRequest): Promise<StoredContactRequest> {
    const [row] = await insert.execute({
      name: request.name,
      email: request.email,
      phone: request.phone,
      service: request.service,
      pickupLocation: request.pickupLocation,
      dropoffLocation: request.dropoffLocation,
    });
    if (!row) throw new Error("The insert returned no row");
    return row;
  };
}
