import type { ReactNode } from "react";

/** The dark band at the top of inner pages: an optional breadcrumb, the page's h1 and a sentence under it. */
export function PageHeader({
  title,
  breadcrumb,
  children,
}: {
  title: string;
  breadcrumb?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="bg-ink text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {breadcrumb && <div className="mb-4">{breadcrumb}</div>}
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-slate-300">{children}</div>}
      </div>
    </div>
  );
}
