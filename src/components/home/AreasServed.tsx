import { MapPin } from "lucide-react";
import { type IconLink, IconLinkList } from "@/components/ui/icon-link-list";
import { SectionHeading } from "@/components/ui/section-heading";
import { type Dictionary, fill } from "@/i18n/ui";

/** The towns served, each linking to its own page, and a link to the /areas overview. */
export function AreasServed({
  areas,
  radiusMiles,
  strings,
  areasHref,
}: {
  areas: IconLink[];
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
        <IconLinkList
          links={areas}
          icon={MapPin}
          className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-3 lg:grid-cols-5"
          linkClassName="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-ink hover:border-brand-400 hover:text-brand-800"
          iconClassName="size-5 shrink-0 text-brand-600"
        />
        <p className="mt-6">
          <a href={areasHref} className="font-semibold text-brand-800 hover:underline">
            {strings.areasAll}
          </a>
        </p>
      </div>
    </section>
  );
}
