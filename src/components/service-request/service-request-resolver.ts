import { zodResolver } from "@hookform/resolvers/zod";
import type { Locale } from "@/i18n/locales";
import { contactRequestSchemas } from "@/shared/service-request-schema";

/** The form's check with the server's schema, in the page's language; ContactForm loads this (and zod) on first use. */
export const contactResolvers = {
  en: zodResolver(contactRequestSchemas.en),
  es: zodResolver(contactRequestSchemas.es),
} satisfies Record<Locale, unknown>;
