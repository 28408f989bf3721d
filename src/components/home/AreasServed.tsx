import { MapPin } from "lucide-react";
import { SectionHeading } from "@/components/ui/section-heading";
import { type Dictionary, fill } from "@/i18n/ui";

/** The towns served, each linking to its own page, and a link to the /areas overview. */
export function AreasServed({
  areas,
  radiusMiles,
  strings,
  areasHref,
}: {
  areas: { name: string; href: string }[];
  radiusMiles: number;
  strings: Dictionary["home"];
  areasHref: string;
}) {
  return (
    <section className="py-16" aria-labelledby="areas-title">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="areas-title" title={strings.areasTitle}>
          {fill(strings.areasIntro, { miles: radiusMiles })}
        </SectionHeading>
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-3 lg:grid-cols-5">
          {areas.map((area) => (
            <li key={area.href}>
              <a
                href={area.href}
                className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-ink hover:border-brand-400 hover:text-brand-800"
              >
                <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {area.name}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <a href={areasHref} className="font-semibold text-brand-800 hover:underline">
            {strings.areasAll}
          </a>
        </p>
      </div>
    </section>
  );
}
