import { MapPin } from "lucide-react";
import { SectionHeading } from "@/components/ui/section-heading";

export function AreasServed({ areas, radiusMiles }: { areas: string[]; radiusMiles: number }) {
  return (
    <section className="py-16" aria-labelledby="areas-title">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="areas-title" title="Areas We Serve">
          Stockton and the towns around it, within about {radiusMiles} miles of downtown.
        </SectionHeading>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {areas.map((area) => (
            <li
              key={area}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-ink"
            >
              <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
              {area}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
