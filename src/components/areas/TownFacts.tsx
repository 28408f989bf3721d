import { MapPin, Phone, Route, Siren } from "lucide-react";

export interface TownFactsProps {
  town: string;
  fromStockton: string;
  highways: string[];
  police?: { agency: string; display: string; e164: string };
}

/** The quick facts a stranded driver needs about a town: where it is, its highways, who to call. */
export function TownFacts({ town, fromStockton, highways, police }: TownFactsProps) {
  return (
    <section aria-labelledby="town-facts-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="town-facts-title" className="mb-4 text-lg font-bold text-ink">
        {town} at a glance
      </h2>
      <dl className="space-y-4">
        <div className="flex gap-3">
          <MapPin className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div>
            <dt className="font-semibold text-ink">Where</dt>
            <dd className="text-slate-700">{fromStockton}</dd>
          </div>
        </div>
        <div className="flex gap-3">
          <Route className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div>
            <dt className="font-semibold text-ink">Highways</dt>
            <dd className="text-slate-700">{highways.join(", ")}</dd>
          </div>
        </div>
        <div className="flex gap-3">
          <Siren className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
          <div>
            <dt className="font-semibold text-ink">Injury or danger</dt>
            <dd className="text-slate-700">
              Call{" "}
              <a href="tel:911" className="font-semibold text-brand-800 underline">
                911
              </a>{" "}
              first
            </dd>
          </div>
        </div>
        {police && (
          <div className="flex gap-3">
            <Phone className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <div>
              <dt className="font-semibold text-ink">Police non-emergency</dt>
              <dd className="text-slate-700">
                {police.agency}:{" "}
                <a href={`tel:${police.e164}`} className="font-semibold text-brand-800 underline">
                  {police.display}
                </a>
              </dd>
            </div>
          </div>
        )}
      </dl>
    </section>
  );
}
