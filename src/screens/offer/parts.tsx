import { Fragment, type ReactNode } from "react";
import { formatPageTime } from "@/shared/request-page";
import { site } from "@/shared/site";

/**
 * The small parts a partner's offer page is built of: the same cards, 44 px buttons and fields as the
 * driver's request page (src/screens/request/).
 */

export const inputClass =
  "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600";
export const buttonClass = {
  primary:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-ink px-5 py-1.5 font-semibold text-white hover:bg-slate-700",
  secondary:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md border-2 border-ink bg-white px-5 py-1.5 font-semibold text-ink hover:bg-slate-100",
  danger:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-red-800 px-5 py-1.5 font-semibold text-white hover:bg-red-700",
} as const;
export const linkClass = "inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-2";
export const detailsClass = "rounded-lg border border-slate-300 bg-white";
export const detailsBodyClass = "space-y-3 border-t border-slate-200 p-4";
export const summaryClass =
  "flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-ink underline underline-offset-2";
export const buttonRowClass = "flex flex-wrap gap-3";

export const Hint = ({ id, children }: { id?: string; children: ReactNode }) => (
  <p id={id} className="text-sm text-slate-600">
    {children}
  </p>
);

export const Label = ({ htmlFor, children }: { htmlFor?: string; children: ReactNode }) =>
  htmlFor ? (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink">
      {children}
    </label>
  ) : (
    <p className="block text-sm font-semibold text-ink">{children}</p>
  );

export const TextLink = ({ href, testId, children }: { href: string; testId?: string; children: ReactNode }) => (
  <a href={href} data-testid={testId} className={linkClass}>
    {children}
  </a>
);

export const Submit = ({ style, children }: { style: keyof typeof buttonClass; children: ReactNode }) => (
  <button type="submit" className={buttonClass[style]}>
    {children}
  </button>
);

/** A time in the business's zone, its instant in datetime. */
export const When = ({ at }: { at: Date | string }) => {
  const iso = typeof at === "string" ? at : at.toISOString();
  return <time dateTime={iso}>{formatPageTime(iso, site.timeZone, "en-US")}</time>;
};

/** A card with its heading (h2), labelled by it. */
export function Card({ heading, id, children }: { heading: string; id: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg border-2 border-ink bg-white p-4" aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A notice in place of the job: taken, withdrawn, expired, declined, cancelled, closed. */
export function Notice({ heading, said, testId }: { heading: string; said: string; testId: string }) {
  return (
    <section
      className="space-y-1 rounded-lg border border-brand-600/40 bg-brand-50 p-4"
      role="status"
      data-testid={testId}
    >
      <h2 className="text-xl font-extrabold text-ink">{heading}</h2>
      <p className="text-slate-700">{said}</p>
    </section>
  );
}

/** A list of facts: each a label and its values, one per line. */
export function Facts({ testId, rows }: { testId: string; rows: [string, ...ReactNode[]][] }) {
  return (
    <dl className="mt-2" data-testid={testId}>
      {rows.map(([label, ...values]) => (
        <div key={label} className="border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-sm font-semibold text-slate-600">{label}</dt>
          <dd className="text-ink [overflow-wrap:anywhere] whitespace-pre-wrap">
            {values.map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one fact's values, always in the same order
              <Fragment key={i}>
                {i > 0 && <br />}
                {value}
              </Fragment>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
