import type { RequestStatus } from "@/shared/desk-schema";
import type { StoredLocation } from "@/shared/location";

/**
 * What a partner's offer page is rendered from: the offer, its partner and its request, as the server
 * reads them (server/features/offer/store.ts, FoundOffer), only the fields the page uses.
 */
export interface OfferJob {
  offer: {
    town: string;
    distanceKm: number | null;
    answeredAt: Date | null;
    expiresAt: Date;
    notCompletedReason: string | null;
  };
  partner: { companyName: string };
  request: StoredLocation & {
    id: number;
    name: string;
    phone: string;
    service: string;
    pickupLocation: string;
    dropoffLocation: string;
    vehicle: string | null;
    deskVehicle: string | null;
    licensePlate: string | null;
    note: string | null;
    createdAt: Date;
    status: RequestStatus;
  };
}
