import type { Locale } from "@/i18n/locales";
import { fill, ui } from "@/i18n/ui";
import { offeredServices } from "@/shared/offered-services";
import { site } from "@/shared/site";
import type { ServiceRequestFormProps } from "./ServiceRequestForm";

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
