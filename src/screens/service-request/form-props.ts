import { type Locale, localizedPath } from "@/i18n/locales";
import { locationWords } from "@/i18n/location";
import { fill, ui } from "@/i18n/ui";
import { business } from "@/shared/business";
import { offeredServices } from "@/shared/offered-services";
import { site, telHref } from "@/shared/site";
import type { ServiceRequestFormProps } from "./form-shape";

/**
 * The form's words and service options in one language, as the page gives them to the island: only
 * that language's words go into the page, and the island never loads the dictionary itself.
 */
export function serviceRequestFormLanguageProps(
  locale: Locale,
): Pick<ServiceRequestFormProps, "locale" | "strings" | "serviceOptions"> {
  const t = ui[locale];
  return {
    locale,
    strings: {
      form: t.form,
      confirmation: t.confirmation,
      failure: t.failure,
      call: fill(t.nav.call, { phone: site.phone.display }),
    },
    // The value stays the specification's name (what is stored and what the owner reads); the label is the page's.
    serviceOptions: offeredServices.map((s) => ({ value: s.name, label: t.serviceNames[s.slug] })),
  };
}

/**
 * "Use my location" in one language: its words, the privacy page, the towns the line names the nearest
 * of (business.json's towns) and the days a position is kept, which the notice promises
 * (LOCATION_RETENTION_DAYS: the build's for the built pages, the server's for the pages it renders).
 */
export function locationButtonProps(
  locale: Locale,
  retentionDays: number,
): NonNullable<ServiceRequestFormProps["location"]> {
  const { validation: _checks, fieldNames: _names, here: _here, again: _again, ...words } = locationWords[locale];
  const towns = business.towns.map(({ name, latitude, longitude }) => ({ name, latitude, longitude }));
  return {
    words,
    privacyHref: localizedPath("/privacy", locale),
    serviceArea: { center: site.serviceAreaCenter, radiusMeters: site.serviceRadiusMeters },
    towns,
    retentionDays,
  };
}

/** Everything the form is drawn from in one language, but the preselected service and the fallback address. */
export const serviceRequestFormProps = (locale: Locale, locationRetentionDays: number) =>
  ({
    phoneDisplay: site.phone.display,
    telHref,
    ...serviceRequestFormLanguageProps(locale),
    location: locationButtonProps(locale, locationRetentionDays),
  }) satisfies Omit<ServiceRequestFormProps, "defaultService" | "fallbackUrl">;
