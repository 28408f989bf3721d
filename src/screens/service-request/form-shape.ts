import type { Locale } from "@/i18n/locales";
import type { Dictionary } from "@/i18n/ui";
import type { ServiceRequestInput } from "@/shared/service-request-schema";
import type { UseMyLocationProps } from "./UseMyLocation";

/** The service-request form's props and fields (src/screens/service-request/ServiceRequestForm.tsx). */

/** The fields the driver fills in, in the form's order (the rest are hidden or set by code). */
export const FORM_FIELD_NAMES = [
  "name",
  "phone",
  "email",
  "service",
  "pickupLocation",
  "dropoffLocation",
  "vehicle",
  "note",
] as const satisfies readonly (keyof ServiceRequestInput)[];
export type FormFieldName = (typeof FORM_FIELD_NAMES)[number];

export interface ServiceRequestFormProps {
  /** Preselects the service (the service pages' "Request Service" card). */
  defaultService?: string;
  /** Where the browser sends the request if our API fails; set at build time. */
  fallbackUrl?: string;
  /** The business phone, for the confirmation's "anything urgent" call link. */
  phoneDisplay: string;
  telHref: string;
  /** The page's language: the form's words, its checks' messages, and the `language` it sends. */
  locale: Locale;
  strings: ServiceRequestFormStrings;
  /** The services to choose from: the value is the specification's name, the label in the page's language. */
  serviceOptions: { value: string; label: string }[];
  /** "Use my location" before the pickup field, with its notice; absent, the form has no such button. */
  location?: Omit<UseMyLocationProps, "onFix" | "phoneDisplay" | "telHref">;
  /**
   * The fields' ids start with it, where the page links to them (the refused form's summary links each
   * field in error); otherwise React's own id.
   */
  idPrefix?: string;
  /** A form the server refused (posted without JavaScript): what was sent, back in the fields, and each field's error. */
  refused?: RefusedAnswers;
}

/** What a refused form comes back with: the text sent in each field, and the error beside each field that has one. */
export interface RefusedAnswers {
  values: Partial<Record<FormFieldName, string>>;
  errors: Partial<Record<keyof ServiceRequestInput, string>>;
}

/** The words of the form, its toasts, its confirmation and its failure note, in one language. */
interface ServiceRequestFormStrings {
  form: Dictionary["form"];
  confirmation: Dictionary["confirmation"];
  failure: Dictionary["failure"];
  call: string;
}
