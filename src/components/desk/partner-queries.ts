import type { QueryClient } from "@tanstack/react-query";
import type { DeskPartner, PartnerInput } from "@/shared/partner-schema";
import { services } from "@/shared/services";

/** The partner directory's query: every partner, active and paused (GET /api/desk/partners). */
export const PARTNERS_KEY = ["/api/desk/partners"] as const;

/** The offers on a request and the partners it can be offered to (GET /api/desk/requests/:id/offers). */
export const offersKey = (requestId: number, town?: string) =>
  [
    town
      ? `/api/desk/requests/${requestId}/offers?town=${encodeURIComponent(town)}`
      : `/api/desk/requests/${requestId}/offers`,
  ] as const;

/**
 * After a partner is added, changed, paused or removed: the directory and every request's offer list
 * (who the job can be offered to) are out of date at once. Offer lists not on screen are marked stale,
 * so opening a request asks again instead of showing the old list until the next poll.
 */
export const refreshPartnerLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: PARTNERS_KEY }),
    client.invalidateQueries({
      predicate: (query) =>
        typeof query.queryKey[0] === "string" && /^\/api\/desk\/requests\/\d+\/offers/.test(query.queryKey[0]),
    }),
  ]);

/** Service slugs in words, as the public pages name them. */
export const serviceOptions = services.map((s) => ({ value: s.slug, label: s.name }));
const serviceNameBySlug = new Map<string, string>(services.map((s) => [s.slug, s.name]));
export const serviceName = (slug: string) => serviceNameBySlug.get(slug) ?? slug;

/** What the form edits: a DeskPartner without what the server works out. */
export function inputOf(partner: DeskPartner): PartnerInput {
  return {
    companyName: partner.companyName,
    contactName: partner.contactName,
    phone: partner.phone,
    email: partner.email,
    webhookUrl: partner.webhookUrl,
    services: partner.services,
    towns: partner.towns,
    active: partner.active,
    notes: partner.notes,
    insuranceExpiresOn: partner.insuranceExpiresOn,
  };
}
