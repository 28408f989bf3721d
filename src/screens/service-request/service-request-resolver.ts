import type { Locale } from "@/i18n/locales";
import { type ServiceRequest, type ServiceRequestInput, serviceRequestSchemas } from "@/shared/service-request-schema";
import type { CheckResult } from "./use-checked-form";

type Check = (values: ServiceRequestInput) => Promise<CheckResult<ServiceRequestInput, ServiceRequest>>;

/** The server's schema in one language, as the form's check: the first message for each field. */
const checkWith =
  (locale: Locale): Check =>
  async (values) => {
    const parsed = serviceRequestSchemas[locale].safeParse(values);
    if (parsed.success) return { ok: true, values: parsed.data };
    const errors: Partial<Record<keyof ServiceRequestInput, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ServiceRequestInput | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
    return { ok: false, errors };
  };

/** The form's check with the server's schema, in the page's language; ServiceRequestForm loads this (and zod) on first use. */
export const serviceRequestChecks: Record<Locale, Check> = { en: checkWith("en"), es: checkWith("es") };
