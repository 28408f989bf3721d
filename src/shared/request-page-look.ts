/**
 * The class names of the request page's live part (status, the dispatcher's message, the cancel
 * form), which the server renders for a browser without JavaScript and the island renders with it:
 * one list, so the page looks the same either way and nothing jumps when the island takes over.
 */
export const requestPageLook = {
  statusCard: "space-y-1 rounded-lg border-2 border-ink bg-white p-4",
  statusHeading: "text-sm font-semibold tracking-wide text-slate-600 uppercase",
  /** The status and its explanation, said again to a screen reader when they change. */
  statusSaid: "space-y-1",
  statusLabel: "text-2xl font-extrabold text-ink",
  statusHint: "text-slate-700",
  /** The partner operator who accepted: who, their estimate, their latest step. */
  partnerCard: "mt-4 space-y-2 rounded-lg border-2 border-brand-600 bg-white p-4",
  partnerHeading: "text-sm font-semibold tracking-wide text-slate-600 uppercase",
  partnerLine: "text-lg text-ink [overflow-wrap:anywhere]",
  partnerStep: "text-lg text-ink",
  /** When they expect to arrive: the line the driver looks for, so it stands out. */
  partnerArrival: "text-xl font-bold text-ink",
  /** The partner's phone as a call button (PARTNER_PHONE_TO_DRIVER): a large target for a thumb. */
  partnerCall:
    "block min-h-13 w-full rounded-md bg-ink px-5 py-3 text-center text-lg font-semibold text-white [overflow-wrap:anywhere] hover:bg-slate-700",
  /** The phone in the partner's call button: never broken across lines. */
  partnerCallPhone: "whitespace-nowrap",
  messageCard: "mt-4 space-y-1 rounded-lg border border-brand-600/40 bg-brand-50 p-4",
  messageHeading: "text-base font-bold text-ink",
  messageText: "text-lg whitespace-pre-wrap text-ink [overflow-wrap:anywhere]",
  messageTime: "text-sm text-slate-600",
  cancel: "mt-4 rounded-lg border border-slate-300 bg-white",
  cancelSummary:
    "flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-red-800 underline underline-offset-2",
  cancelForm: "space-y-3 border-t border-slate-200 p-4",
  reasonLabel: "block text-sm font-semibold text-ink",
  reasonInput:
    "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600",
  cancelButton:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-red-800 px-5 py-1.5 font-semibold text-white hover:bg-red-700 disabled:opacity-60",
  problem: "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800",
} as const;
