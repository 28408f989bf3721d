import { ChevronRight } from "lucide-react";

/** A step of the trail: what it is called and where it goes. */
interface BreadcrumbItem {
  name: string;
  href: string;
}

/** Home > Section > page: links for every step but the last, which is the current page. */
export function Breadcrumb({ items, label = "Breadcrumb" }: { items: BreadcrumbItem[]; label?: string }) {
  return (
    <nav aria-label={label} className="text-sm text-slate-300">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={item.href} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-semibold text-white">
                  {item.name}
                </span>
              ) : (
                <>
                  <a href={item.href} className="underline-offset-2 hover:text-white hover:underline">
                    {item.name}
                  </a>
                  <ChevronRight className="size-4 text-slate-500" aria-hidden="true" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
