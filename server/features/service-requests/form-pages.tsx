import { readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { type Locale, locales, localizedPath } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { ui } from "../../../src/i18n/ui";
import { SentNumber, SentPageLink } from "../../../src/screens/service-request/SentParts";
import { PAGE_TOKEN_PATTERN } from "../../../src/shared/request-page";
import { type ServiceRequestField, serviceRequestFields } from "../../../src/shared/service-request-schema";
import { cutShell } from "../../shared/slotted-shell";
import type { SiteFiles } from "../../site-files";

/** Where a form posted without JavaScript lands once its request is stored (with ?id=N&token=T). */
const SENT_PAGE_PATH = "/contact/sent";
/** The slots of src/views/ServiceRequestSent.astro the server fills: the request number and the link to its page. */
export const REQUEST_NUMBER_SLOT = "service-request-number";
export const REQUEST_PAGE_LINK_SLOT = "service-request-page-link";
/** The confirmation page in the form's language: /contact/sent or /es/contact/sent. */
export const sentPagePath = (locale: Locale) => localizedPath(SENT_PAGE_PATH, locale);
const INVALID_PAGE_PATH = "/contact/invalid";

/** What went wrong with a form posted without JavaScript, and what it carried. */
export interface RefusedForm {
  /** One sentence saying what happened. */
  summary: string;
  /** The error beside each field that has one, in the form's order. */
  fields?: Partial<Record<ServiceRequestField, string>>;
  /** What the visitor sent, put back in the fields (anything but text is ignored). */
  values?: Record<string, unknown>;
}

/** Used when the site is not built (API-only tests): the same words, without the layout or the form. */
const barePage = (locale: Locale) => {
  const t = ui[locale].invalidPage;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex, follow"><title>${t.title}</title></head><body><main><div role="alert"><h1>${t.heading}</h1><div data-slot="contact-problems"></div></div><p><a href="${localizedPath("/contact", locale)}">${t.newRequest}</a></p></main></body></html>`;
};

/** How each field is named in the summary of what to fix, in the form's language. */
const fieldLabels = (locale: Locale): Record<ServiceRequestField, string> => {
  const t = ui[locale].form;
  return {
    name: t.name,
    email: t.email,
    phone: t.phone,
    service: t.service,
    pickupLocation: t.pickup,
    dropoffLocation: t.dropoff,
    vehicle: t.vehicleShort,
    note: t.noteShort,
    language: t.language,
    ...locationWords[locale].fieldNames,
  };
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const ERROR_CLASS = "text-sm font-medium text-red-700";
const LINK_CLASS = "font-semibold text-red-800 underline";

/**
 * Renders the refused form from the built page src/pages/contact/invalid.astro: the summary at the
 * top links to each field in error, every answer is back in its field and each error sits beside its
 * field. cheerio sets values as attributes and messages as text, so nothing the visitor typed can
 * become markup.
 */
export function refusedFormRenderer(site: SiteFiles): (refusal: RefusedForm, locale?: Locale) => string {
  const templates = Object.fromEntries(
    locales.map((locale) => {
      const file = site.routes.get(localizedPath(INVALID_PAGE_PATH, locale));
      const built = file ? readFileSync(path.join(site.root, file), "utf8") : "";
      return [locale, built.includes('data-slot="contact-problems"') ? built : barePage(locale)];
    }),
  ) as Record<Locale, string>;

  return ({ summary, fields = {}, values = {} }, locale = "en") => {
    const $ = cheerio.load(templates[locale]);
    const labels = fieldLabels(locale);
    const form = $('form[data-testid="contact-form"]');
    const problems: { href?: string; text: string }[] = [];

    for (const name of serviceRequestFields) {
      const control = form.find(`[name="${name}"]`).first();
      const message = fields[name];
      if (control.length === 0) {
        if (message) problems.push({ text: `${labels[name]}: ${message}` });
        continue;
      }
      // The form's own language stays as the page wrote it, whatever came back.
      if (name === "language") continue;
      const sent = values[name];
      // Control characters (a NUL, say) are refused by the schema and have no business in the page.
      const value = typeof sent === "string" ? sent.replace(CONTROL_CHARACTERS, "") : "";
      if (control.is("select")) {
        control.find("option").each((_, option) => {
          const chosen = $(option).attr("value") === value;
          if (chosen) $(option).attr("selected", "");
          else $(option).removeAttr("selected");
        });
      } else if (control.is("textarea")) {
        control.text(value);
      } else {
        control.attr("value", value);
      }
      if (!message) continue;
      const id = control.attr("id") ?? name;
      control.attr("aria-invalid", "true").attr("aria-describedby", `${id}-error`);
      control.after($("<p>").attr("id", `${id}-error`).addClass(ERROR_CLASS).text(message));
      problems.push({ href: `#${id}`, text: `${labels[name]}: ${message}` });
    }

    const slot = $('[data-slot="contact-problems"]');
    slot.append($("<p>").addClass("font-semibold").text(summary));
    if (problems.length > 0) {
      const list = $("<ul>").addClass("mt-2 list-disc space-y-1 pl-5").attr("data-testid", "contact-problems");
      for (const { href, text } of problems) {
        const item = $("<li>");
        if (href) item.append($("<a>").attr("href", href).addClass(LINK_CLASS).text(text));
        else item.text(text);
        list.append(item);
      }
      slot.append(list);
    }
    return $.html();
  };
}

/** Only a well-formed page token is linked to; anything else links to nothing. */
export function pageTokenFrom(query: unknown): string | undefined {
  return typeof query === "string" && PAGE_TOKEN_PATTERN.test(query) ? query : undefined;
}

/** Only a plain decimal number of reasonable length is ever shown; anything else shows nothing. */
export function requestNumberFrom(query: unknown): number | undefined {
  if (typeof query !== "string" || !/^[1-9]\d{0,14}$/.test(query)) return undefined;
  const id = Number(query);
  return Number.isSafeInteger(id) ? id : undefined;
}

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
