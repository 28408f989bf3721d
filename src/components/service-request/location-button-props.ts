import { type Locale, localizedPath } from "@/i18n/locales";
import { locationWords } from "@/i18n/location";
import { business } from "@/shared/business";
import { retentionDaysFrom } from "@/shared/retention";
import { site } from "@/shared/site";
import type { ServiceRequestFormProps } from "./ServiceRequestForm";

/**
 * "Use my location" in one language: its words, the privacy page, the towns the line names the nearest
 * of (business.json's towns) and the retention the notice promises (LOCATION_RETENTION_DAYS at build).
 */
export async function locationButtonProps(locale: Locale): Promise<NonNullable<ServiceRequestFormProps["location"]>> {
  const { validation: _checks, fieldNames: _names, here: _here, again: _again, ...words } = locationWords[locale];
  const towns = business.towns.map(({ name, latitude, longitude }) => ({ name, latitude, longitude }));
  return {
    words,
    privacyHref: localizedPath("/privacy", locale),
    serviceArea: { center: site.serviceAreaCenter, radiusMeters: site.serviceRadiusMeters },
    towns,
    retentionDays: retentionDaysFrom(import.meta.env).location,
  };
}
