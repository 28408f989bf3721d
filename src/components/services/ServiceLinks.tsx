import { ChevronRight } from "lucide-react";
import type { NavItem } from "@/lib/navigation";

/** The list of the other services on a service page. */
export function ServiceLinks({ title, links }: { title: string; links: NavItem[] }) {
  return (
    <nav aria-labelledby="other-services-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="other-services-title" className="mb-3 text-lg font-bold text-ink">
        {title}
      </h2>
      <ul className="space-y-1">
        {links.map((l) => (
          <li key={l.href}>
            <a
              href={l.href}
              className="flex items-center gap-1 rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-white hover:text-brand-800"
            >
              <ChevronRight className="size-4 text-brand-600" aria-hidden="true" />
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
