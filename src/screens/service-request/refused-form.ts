import type { ServiceRequestFormProps } from "./form-shape";

/**
 * How the refused form's page (src/views/ServiceRequestInvalid.astro) hands its island its props. The
 * server renders ServiceRequestForm into the root with the refused answers
 * (server/features/service-requests/form-pages.tsx) and writes the very props it used beside it; the
 * page's script (src/scripts/refused-form.tsx) reads them back and hydrates the same component, so
 * React finds the markup it would draw.
 */
export const REFUSED_FORM_ROOT_ID = "service-request-form";
/** The <script type="application/json"> with the props. */
export const REFUSED_FORM_DATA_ID = "service-request-form-data";
/** The refused form's fields' ids start with it: the summary at the top of the page links to them. */
export const REFUSED_FORM_ID_PREFIX = "service-request";
/** The slots of the page the server fills: the summary, the form, and the form's props. */
export const REFUSED_FORM_SLOTS = ["contact-problems", "service-request-form", "service-request-form-data"] as const;

/** All the island's props but the fallback address, which the page's script takes from the build. */
export type RefusedFormProps = Omit<ServiceRequestFormProps, "fallbackUrl">;
