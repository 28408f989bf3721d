import { cn } from "@/components/ui/cn";
import { type RequestStatus, requestStatuses, statusLabels } from "@/shared/desk-schema";

const tone: Record<RequestStatus, string> = {
  new: "bg-brand-500 text-ink",
  contacted: "bg-sky-100 text-sky-900",
  dispatched: "bg-indigo-100 text-indigo-900",
  completed: "bg-emerald-100 text-emerald-900",
  lost: "bg-slate-200 text-slate-800",
  spam: "bg-slate-200 text-slate-800 line-through",
  cancelled: "border border-red-700 bg-white text-red-800",
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", tone[status])}>
      {statusLabels[status]}
    </span>
  );
}

/**
 * One option per request status, labelled as the badges are: every status for the inbox's filter,
 * and the ones the desk may set (`deskStatuses`, all but cancelled) for a request's status select.
 */
export function StatusOptions({ statuses = requestStatuses }: { statuses?: readonly RequestStatus[] }) {
  return statuses.map((s) => (
    <option key={s} value={s}>
      {statusLabels[s]}
    </option>
  ));
}
