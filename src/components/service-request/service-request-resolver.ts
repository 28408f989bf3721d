import { zodResolver } from "@hookform/resolvers/zod";
import type { Locale } from "@/i18n/locales";
import { serviceRequestSchemas } from "@/shared/service-request-schema";

/** The form's check with the server's schema, in the page's language; ServiceRequestForm loads this (and zod) on first use. */
export const serviceRequestResolvers = {
  en: zodResolver(serviceRequestSchemas.en),
  es: zodResolver(serviceRequestSchemas.es),
} satisfies Record<Locale, unknown>;
