/**
 * The class names of a partner's offer page (server/features/offer/render.ts). The server writes the
 * page, so its classes live here, in the sources Tailwind reads, and the page looks like the driver's
 * request page (src/shared/request-page-look.ts): same cards, same 44 px buttons, same fields.
 */
export const offerPageLook = {
  heading: "text-2xl font-extrabold text-ink",
  lead: "text-slate-700",
  card: "space-y-3 rounded-lg border-2 border-ink bg-white p-4",
  cardHeading: "text-sm font-semibold tracking-wide text-slate-600 uppercase",
  notice: "space-y-1 rounded-lg border border-brand-600/40 bg-brand-50 p-4",
  noticeHeading: "text-xl font-extrabold text-ink",
  noticeText: "text-slate-700",
  facts: "mt-2",
  factRow: "border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4",
  factLabel: "text-sm font-semibold text-slate-600",
  factValue: "text-ink [overflow-wrap:anywhere] whitespace-pre-wrap",
  link: "inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-2",
  form: "space-y-3",
  label: "block text-sm font-semibold text-ink",
  hint: "text-sm text-slate-600",
  input:
    "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600",
  primaryButton:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-ink px-5 py-1.5 font-semibold text-white hover:bg-slate-700",
  secondaryButton:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md border-2 border-ink bg-white px-5 py-1.5 font-semibold text-ink hover:bg-slate-100",
  dangerButton:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-red-800 px-5 py-1.5 font-semibold text-white hover:bg-red-700",
  buttonRow: "flex flex-wrap gap-3",
  details: "rounded-lg border border-slate-300 bg-white",
  summary: "flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-ink underline underline-offset-2",
  /** The summary that opens "Job done"'s question: looks like the primary button it stands in for. */
  primarySummary:
    "flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-ink px-5 py-1.5 font-semibold text-white hover:bg-slate-700",
  detailsBody: "space-y-3 border-t border-slate-200 p-4",
  stepNow: "text-2xl font-extrabold text-ink",
  deadline: "text-2xl leading-tight font-extrabold text-ink",
  pickupText: "text-xl font-bold text-ink [overflow-wrap:anywhere] whitespace-pre-wrap",
  confirmText: "font-semibold text-ink",
} as const;
