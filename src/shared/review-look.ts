/**
 * The class names of the request page's "How did it go?" part, which the server renders for a browser
 * without JavaScript and the island renders with it: one list, so nothing jumps when the island takes
 * over. The stars' filling and focus are in src/styles/global.css (.review-stars).
 */
export const reviewLook = {
  card: "space-y-3 rounded-lg border-2 border-brand-600 bg-white p-4",
  heading: "text-xl font-extrabold text-ink",
  text: "text-slate-700",
  form: "space-y-4",
  fieldset: "review-stars",
  legend: "mb-1 text-sm font-semibold text-ink",
  starsRow: "flex flex-wrap gap-1",
  star: "relative inline-flex size-11 cursor-pointer items-center justify-center rounded-md",
  starInput: "peer absolute size-px opacity-0",
  starGlyph: "review-star text-4xl leading-none text-slate-300 peer-checked:text-brand-600",
  label: "block text-sm font-semibold text-ink",
  hint: "text-sm text-slate-600",
  input:
    "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600",
  consentRow: "flex items-start gap-3",
  checkbox: "mt-0.5 size-6 shrink-0 accent-brand-700",
  consentLabel: "font-medium text-ink",
  button:
    "inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-ink px-5 py-1.5 font-semibold text-white hover:bg-slate-800 disabled:opacity-60",
  saved: "rounded-md border border-green-700/40 bg-green-50 px-3 py-2 text-green-900",
  problem: "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800",
  quote: "text-lg whitespace-pre-wrap text-ink [overflow-wrap:anywhere]",
} as const;
