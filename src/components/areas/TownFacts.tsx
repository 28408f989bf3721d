import { MapPin, Phone, Route, Siren } from "lucide-react";
import type { Locale } from "@/i18n/locales";
import { fill, ui } from "@/i18n/ui";
import { PhoneText } from "@/screens/common/PhoneText";

interface TownFactsProps {
  town: string;
  fromCentre: string;
  highways: string[];
  police?: { agency: string; display: string; e164: string };
  locale: Locale;
}

/** The quick facts a stranded driver needs about a town: where it is, its highways, who to call. */
export function TownFacts({ town, fromCentre, highways, police, locale }: TownFactsProps) {
  const t = ui[locale].townPage;
  return (
    <section aria-labelledby="town-facts-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="town-facts-title" className="mb-4 text-lg font-bold text-ink">
        {fill(t.glance, { town })}
      </h2>
      <dl className="space-y-4">
        <div>
          <dt className="flex items-center gap-2 font-semibold text-ink">
            <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {t.where}
          </dt>
          <dd className="mt-1 pl-7 text-slate-700">{fromCentre}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 font-semibold text-ink">
            <Route className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {t.highways}
          </dt>
          <dd className="mt-1 pl-7 text-slate-700">{highways.join(", ")}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 font-semibold text-ink">
            <Siren className="size-5 shrink-0 text-red-700" aria-hidden="true" />
            {t.danger}
          </dt>
          <dd className="mt-1 pl-7 text-slate-700">
            {t.callBefore}{" "}
            <a href="tel:911" className="font-semibold text-brand-800 underline">
              911
            </a>
            {t.first && ` ${t.first}`}
          </dd>
        </div>
        {police && (
          <div>
            <dt className="flex items-center gap-2 font-semibold text-ink">
              <Phone className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
              {t.police}
            </dt>
            <dd className="mt-1 pl-7 text-slate-700">
              {police.agency}:{" "}
              <a href={`tel:${police.e164}`} className="font-semibold text-brand-800 underline">
                <PhoneText text={police.display} />
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
