import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { z } from "zod";
import { type Locale, locales, localizedPath } from "../../../src/i18n/locales";
import { JsonScript } from "../../../src/screens/page/JsonScript";
import { serviceRequestFormProps } from "../../../src/screens/service-request/form-props";
import { FORM_FIELD_NAMES, type RefusedAnswers } from "../../../src/screens/service-request/form-shape";
import { RefusalSummary, RefusedFormBareShell } from "../../../src/screens/service-request/RefusalSummary";
import {
  REFUSED_FORM_DATA_ID,
  REFUSED_FORM_ID_PREFIX,
  REFUSED_FORM_SLOTS,
  type RefusedFormProps,
} from "../../../src/screens/service-request/refused-form";
import { SentNumber, SentPageLink } from "../../../src/screens/service-request/SentParts";
import { ServiceRequestForm } from "../../../src/screens/service-request/ServiceRequestForm";
import { PAGE_TOKEN_PATTERN } from "../../../src/shared/request-page";
import type { ServiceRequestField } from "../../../src/shared/service-request-schema";
import { cutShell, htmlDocument } from "../../shared/slotted-shell";
import type { SiteFiles } from "../../site-files";

/** Where a form posted without JavaScript lands once its request is stored (with ?id=N&token=T). */
const SENT_PAGE_PATH = "/contact/sent";
/** The slots of src/views/ServiceRequestSent.astro the server fills: the request number and the link to its page. */
export const REQUEST_NUMBER_SLOT = "service-request-number";
export const REQUEST_PAGE_LINK_SLOT = "service-request-page-link";
/** The confirmation page in the form's language: /contact/sent or /es/contact/sent. */
export const sentPagePath = (locale: Locale) => localizedPath(SENT_PAGE_PATH, locale);
const INVALID_PAGE_PATH = "/contact/invalid";
/** The built shell of the refused form, in the form's language: filled per refusal, never a page of its own. */
export const invalidPagePath = (locale: Locale) => localizedPath(INVALID_PAGE_PATH, locale);

/** What went wrong with a form posted without JavaScript, and what it carried. */
export interface RefusedForm {
  /** One sentence saying what happened. */
  summary: string;
  /** The error beside each field that has one, in the form's order. */
  fields?: Partial<Record<ServiceRequestField, string>>;
  /** What the visitor sent, put back in the fields (anything but text is ignored). */
  values?: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * What goes back into the fields: the text sent for each field the driver fills in. The form's own
 * language stays as the page wrote it, the trap stays empty, and control characters (a NUL, say),
 * which the schema refuses, have no business in the page.
 */
const valuesSent = (values: Record<string, unknown>): RefusedAnswers["values"] =>
  Object.fromEntries(
    FORM_FIELD_NAMES.map((name) => {
      const sent = values[name];
      return [name, typeof sent === "string" ? sent.replace(CONTROL_CHARACTERS, "") : ""];
    }),
  );

/** The built page of one language (src/pages/contact/invalid.astro), or the bare one when the site is not built. */
function refusedFormShell(site: SiteFiles, locale: Locale) {
  const file = site.routes.get(invalidPagePath(locale));
  const shell = file
    ? readFileSync(path.join(site.root, file), "utf8")
    : htmlDocument(<RefusedFormBareShell locale={locale} />);
  return cutShell(shell, REFUSED_FORM_SLOTS, {
    name: "refused form page",
    view: "src/views/ServiceRequestInvalid.astro",
  });
}

/**
 * Renders the refused form into the built page (src/views/ServiceRequestInvalid.astro) with the
 * components of src/screens/service-request/: the summary at the top links to each field in error,
 * and the form itself comes back with every answer in its field and each error beside its field,
 * with the props beside it that the page's script hydrates it with. React sets what the visitor sent
 * as attribute values and text, so none of it can become markup. `locationRetentionDays` is what the
 * location notice promises (the server's LOCATION_RETENTION_DAYS).
 */
export function refusedFormRenderer(
  site: SiteFiles,
  locationRetentionDays: number,
): (refusal: RefusedForm, locale?: Locale) => string {
  const pages = Object.fromEntries(
    locales.map((locale) => [
      locale,
      { fill: refusedFormShell(site, locale), props: serviceRequestFormProps(locale, locationRetentionDays) },
    ]),
  ) as Record<Locale, { fill: ReturnType<typeof refusedFormShell>; props: RefusedFormProps }>;

  return ({ summary, fields = {}, values = {} }, locale = "en") => {
    const page = pages[locale];
    const props: RefusedFormProps = {
      ...page.props,
      idPrefix: REFUSED_FORM_ID_PREFIX,
      refused: { values: valuesSent(values), errors: fields },
    };
    return page.fill({
      "contact-problems": renderToStaticMarkup(
        <RefusalSummary summary={summary} errors={fields} locale={locale} idPrefix={REFUSED_FORM_ID_PREFIX} />,
      ),
      // Hydrated by the page's script: rendered with React's markers, from the props written beside.
      "service-request-form": renderToString(<ServiceRequestForm {...props} />),
      "service-request-form-data": renderToStaticMarkup(<JsonScript id={REFUSED_FORM_DATA_ID} value={props} />),
    });
  };
}

/**
 * The confirmation page's address (`?id=…&token=…`, from the form's redirect). Only a plain decimal
 * number of reasonable length is shown (15 digits stay a safe integer), and only a well-formed page
 * token is linked to; anything else (a letter, a repeated key) becomes undefined, and the page shows
 * nothing in its place instead of refusing it: a person who edited the address still sees the page.
 */
export const sentPageQuerySchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  token: z.string().regex(PAGE_TOKEN_PATTERN).optional().catch(undefined),
});

/**
 * Renders the confirmation page with the request number and the link to its page that the redirect
 * carries (src/screens/service-request/SentParts.tsx). The number is re-printed from a parsed integer
 * and the token only when it has a token's shape; React sets both as text and attribute, so nothing
 * from the address becomes markup. Undefined when the page is not built (or lacks its slots).
 */
export function sentPageRenderer(
  site: SiteFiles,
  locale: Locale = "en",
): ((id: number | undefined, pageToken?: string | undefined) => string) | undefined {
  const file = site.routes.get(sentPagePath(locale));
  if (!file) return undefined;
  let fillShell: (parts: Record<string, string>) => string;
  try {
    fillShell = cutShell(
      readFileSync(path.join(site.root, file), "utf8"),
      [REQUEST_NUMBER_SLOT, REQUEST_PAGE_LINK_SLOT],
      {
        name: "confirmation page",
        view: "src/views/ServiceRequestSent.astro",
      },
    );
  } catch {
    return undefined;
  }
  return (id, pageToken) =>
    fillShell({
      [REQUEST_NUMBER_SLOT]: id === undefined ? "" : renderToStaticMarkup(<SentNumber id={id} locale={locale} />),
      [REQUEST_PAGE_LINK_SLOT]:
        id === undefined || pageToken === undefined
          ? ""
          : renderToStaticMarkup(<SentPageLink token={pageToken} locale={locale} />),
    });
}
