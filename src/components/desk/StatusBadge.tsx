import { type RequestStatus, requestStatuses, statusLabels } from "@/lib/desk-schema";
import { cn } from "@/lib/utils";

const tone: Record<RequestStatus, string> = {
  new: "bg-brand-500 text-ink",
  contacted: "bg-sky-100 text-sky-900",
  dispatched: "bg-indigo-100 text-indigo-900",
  completed: "bg-emerald-100 text-emerald-900",
  lost: "bg-slate-200 text-slate-800",
  spam: "bg-slate-200 text-slate-800 line-through",
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", tone[status])}>
      {statusLabels[status]}
    </span>
  );
}

/** One option per request status, labelled as the badges are (the status filter and the status select). */
export function StatusOptions() {
  return requestStatuses.map((s) => (
    <option key={s} value={s}>
      {statusLabels[s]}
    </option>
  ));
}
