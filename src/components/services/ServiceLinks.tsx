import { ChevronRight } from "lucide-react";
import { IconLinkList } from "@/components/ui/icon-link-list";
import type { NavItem } from "@/lib/navigation";

/** The list of the other services on a service page. */
export function ServiceLinks({ title, links }: { title: string; links: NavItem[] }) {
  return (
    <nav aria-labelledby="other-services-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="other-services-title" className="mb-3 text-lg font-bold text-ink">
        {title}
      </h2>
      <IconLinkList
        links={links}
        icon={ChevronRight}
        className="space-y-1"
        linkClassName="flex items-center gap-1 rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-white hover:text-brand-800"
        iconClassName="size-4 text-brand-600"
      />
    </nav>
  );
}
