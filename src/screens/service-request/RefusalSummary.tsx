import { type Locale, languageTag, localizedPath } from "@/i18n/locales";
import { locationWords } from "@/i18n/location";
import { ui } from "@/i18n/ui";
import { BareShell } from "@/screens/page/ProblemPage";
import { type ServiceRequestField, serviceRequestFields } from "@/shared/service-request-schema";
import { FORM_FIELD_NAMES, type FormFieldName } from "./form-shape";
import { REFUSED_FORM_ROOT_ID } from "./refused-form";

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

const hasField = (name: ServiceRequestField): name is FormFieldName =>
  (FORM_FIELD_NAMES as readonly string[]).includes(name);

/**
 * The top of a refused form's page (src/views/ServiceRequestInvalid.astro): one sentence saying what
 * happened, then each error, in the form's order, linked to its field (`idPrefix` is the form's; a
 * field the driver does not fill in, a position's coordinates say, is named without a link).
 */
export function RefusalSummary({
  summary,
  errors,
  locale,
  idPrefix,
}: {
  summary: string;
  errors: Partial<Record<ServiceRequestField, string>>;
  locale: Locale;
  idPrefix: string;
}) {
  const labels = fieldLabels(locale);
  const problems = serviceRequestFields.flatMap((name) => {
    const message = errors[name];
    if (!message) return [];
    return [{ name, text: `${labels[name]}: ${message}`, href: hasField(name) ? `#${idPrefix}-${name}` : undefined }];
  });
  return (
    <>
      <p className="font-semibold">{summary}</p>
      {problems.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="contact-problems">
          {problems.map(({ name, text, href }) => (
            <li key={name}>
              {href ? (
                <a href={href} className="font-semibold text-red-800 underline">
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The refused form's page when the site is not built (API-only tests): the words, the summary's and
 * the form's slots, without the layout.
 */
export function RefusedFormBareShell({ locale }: { locale: Locale }) {
  const t = ui[locale].invalidPage;
  return (
    <BareShell lang={languageTag[locale]} title={t.title} slots={[]}>
      <div role="alert">
        <h1>{t.heading}</h1>
        <div data-slot="contact-problems" />
      </div>
      <div id={REFUSED_FORM_ROOT_ID} data-slot="service-request-form" />
      <div data-slot="service-request-form-data" />
      <p>
        <a href={localizedPath("/contact", locale)}>{t.newRequest}</a>
      </p>
    </BareShell>
  );
}
