import { ChevronRight, MapPin } from "lucide-react";

interface TownSummary {
  name: string;
  href: string;
  fromCentre: string;
  highways: string[];
}

/** The towns served, each linking to its page, with where it is and which highways run there. */
export function TownList({ towns, highwaysLabel }: { towns: TownSummary[]; highwaysLabel: string }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {towns.map((t) => (
        <li key={t.href}>
          <a
            href={t.href}
            className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-400"
          >
            <span className="flex items-center gap-2 text-lg font-bold text-ink">
              <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
              {t.name}
              <ChevronRight className="ml-auto size-5 text-brand-600" aria-hidden="true" />
            </span>
            <span className="text-slate-700">{t.fromCentre}</span>
            <span className="text-sm text-slate-600">{highwaysLabel.replace("{list}", t.highways.join(", "))}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
