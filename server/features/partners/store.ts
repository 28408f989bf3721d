import { and, asc, eq, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { dayIn } from "../../../src/shared/business-day";
import type { Town } from "../../../src/shared/nearest-town";
import type { DeskPartner, PartnerInput } from "../../../src/shared/partner-schema";
import { services } from "../../../src/shared/services";
import { site } from "../../../src/shared/site";
import type { Db } from "../../db/client";
import { type PartnerRow, partnerOffers, partners } from "../../db/schema";

/** The partner directory: reading and writing partners, and choosing whom a job can be offered to. */

/** Today's date (YYYY-MM-DD) in the business's time zone: an insurance date is a day there. */
export const businessDay = (now: Date) => dayIn(site.timeZone, now);

/** The service slug a request's service name stands for (a request stores the form's option text). */
export const serviceSlugOf = (serviceName: string) => services.find((s) => s.name === serviceName)?.slug;

/** A certificate covers its expiry day; from the next day on it has passed. */
const insuranceExpired = (row: PartnerRow, today: string) =>
  row.insuranceExpiresOn !== null && row.insuranceExpiresOn < today;

export function toDeskPartner(row: PartnerRow, today: string): DeskPartner {
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    webhookUrl: row.webhookUrl,
    services: row.services,
    towns: row.towns,
    active: row.active,
    notes: row.notes,
    insuranceExpiresOn: row.insuranceExpiresOn,
    insuranceExpired: insuranceExpired(row, today),
    lastOfferedAt: row.lastOfferedAt ? row.lastOfferedAt.toISOString() : null,
  };
}

/**
 * The towns as the server spells them, or the names it does not know. A town is matched without
 * regard to case, and stored in the spelling of the area pages, so "lodi" and "Riverton" are one town.
 */
export function canonicalTowns(
  names: readonly string[],
  towns: readonly Town[],
): { towns: string[] } | { unknown: string[] } {
  const byKey = new Map(towns.map((t) => [t.name.toLowerCase(), t.name]));
  const known: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const found = byKey.get(name.trim().toLowerCase());
    if (found === undefined) unknown.push(name);
    else if (!known.includes(found)) known.push(found);
  }
  return unknown.length > 0 ? { unknown } : { towns: known };
}

const columnsOf = (input: PartnerInput, towns: string[]) => ({
  companyName: input.companyName,
  contactName: input.contactName,
  phone: input.phone,
  email: input.email,
  webhookUrl: input.webhookUrl,
  // The same service twice is one service; the list keeps the site's order.
  services: services.map((s) => s.slug).filter((slug) => input.services.includes(slug)),
  towns,
  active: input.active,
  notes: input.notes,
  insuranceExpiresOn: input.insuranceExpiresOn,
});

export function partnerStore(db: Db) {
  return {
    async list(): Promise<PartnerRow[]> {
      return db.select().from(partners).orderBy(asc(partners.companyName), asc(partners.id));
    },

    async get(id: number): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.id, id));
      return row;
    },

    async create(input: PartnerInput, towns: string[], now: Date): Promise<PartnerRow> {
      const [row] = await db
        .insert(partners)
        .values({ ...columnsOf(input, towns), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("the partner was not stored");
      return row;
    },

    async update(id: number, input: PartnerInput, towns: string[], now: Date): Promise<PartnerRow | undefined> {
      const [row] = await db
        .update(partners)
        .set({ ...columnsOf(input, towns), updatedAt: now })
        .where(eq(partners.id, id))
        .returning();
      return row;
    },

    /**
     * Removes a partner added by mistake. One who was ever offered a job stays (the report and the
     * requests' history name them): "offered" answers so, and the desk pauses them instead.
     */
    async remove(id: number): Promise<"removed" | "offered" | "missing"> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, id)).for("update");
        if (!row) return "missing";
        const [offer] = await tx
          .select({ id: partnerOffers.id })
          .from(partnerOffers)
          .where(eq(partnerOffers.partnerId, id))
          .limit(1);
        if (offer) return "offered";
        await tx.delete(partners).where(eq(partners.id, id));
        return "removed";
      });
    },
  };
}

/**
 * Who a job can be offered to: active, insured today (a certificate date is known and not past),
 * taking the service and covering the town; least recently offered first (never offered before all),
 * then oldest partner first, so the rotation is the same on every server.
 */
export function candidateCondition(serviceSlug: string, town: string, today: string): SQL {
  return and(
    eq(partners.active, true),
    isNotNull(partners.insuranceExpiresOn),
    gte(partners.insuranceExpiresOn, today),
    sql`${partners.services} @> array[${serviceSlug}]::text[]`,
    sql`${partners.towns} @> array[${town}]::text[]`,
  ) as SQL;
}

export const rotationOrder = [sql`${partners.lastOfferedAt} asc nulls first`, asc(partners.id)];

export async function candidates(db: Db, serviceSlug: string, town: string, today: string): Promise<PartnerRow[]> {
  return db
    .select()
    .from(partners)
    .where(candidateCondition(serviceSlug, town, today))
    .orderBy(...rotationOrder);
}

/** The partners among `ids` a job can be offered to (same rule as the list). */
export async function candidatesAmong(
  db: Db,
  ids: readonly number[],
  serviceSlug: string,
  town: string,
  today: string,
): Promise<PartnerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(partners)
    .where(and(inArray(partners.id, [...ids]), candidateCondition(serviceSlug, town, today)))
    .orderBy(...rotationOrder);
}
