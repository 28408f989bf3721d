import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A driver's service request, exactly as the specification's section 3 lists it. Every column but
 * id and created_at comes from the visitor; the database sets those two.
 */
export const contactRequests = pgTable("contact_requests", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  service: text("service").notNull(),
  pickupLocation: text("pickup_location").notNull(),
  dropoffLocation: text("dropoff_location").notNull(),
  createdAt: timestamp("created_at").defaultNow(),
});

export type ContactRequestRow = typeof contactRequests.$inferSelect;
export type NewContactRequestRow = typeof contactRequests.$inferInsert;
