import { business } from "./business";
import { type Service, services } from "./services";

/**
 * The services this business offers (business.json's `services`), in the catalogue's order. Menus,
 * the request form's choices, the service pages, the sitemap and the JSON-LD list these; a service
 * the business does not offer appears nowhere.
 */
export const offeredServices: Service[] = services.filter((s) => (business.services as string[]).includes(s.slug));

export const isOffered = (slug: string) => offeredServices.some((s) => s.slug === slug);
