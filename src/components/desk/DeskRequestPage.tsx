import { useQuery } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { type DeskRequest, type DeskRequestDetail, type DeskStatus, statusLabels } from "@/shared/desk-schema";
import { telHrefFor } from "@/shared/links";
import { INBOX_POLL_MS } from "./NewRequestBanner";
import { OfferPanel } from "./OfferPanel";
import { errorText } from "./query-client";
import { DriverMessageForm, NoteForm, StatusField, useRequestActions } from "./RequestActions";
import { CancelledNotice, linkClass, RequestDetails } from "./RequestDetails";
import { AlertDeliveries, Timeline } from "./RequestHistory";
import { StatusBadge } from "./StatusBadge";
import { useNow } from "./use-hash-route";
import { VehicleForm } from "./VehicleForm";

/** The way back to the inbox and the page's heading (with the status once it is known). */
function RequestHeader({ id, inboxHref, children }: { id: number; inboxHref: string; children?: ReactNode }) {
  return (
    <div>
      <a href={inboxHref} className={cn(linkClass, "inline-block py-2 text-sm")}>
        ← Inbox
      </a>
      <div className="flex flex-wrap items-center gap-3">
        <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
          Service request #{id}
        </h1>
        {children}
      </div>
    </div>
  );
}

/** What the owner does first: call the driver back. */
function CallBack({ request }: { request: DeskRequest }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <a
        href={telHrefFor(request.phone)}
        className={buttonVariants({ size: "lg", className: "min-w-0 [overflow-wrap:anywhere] max-sm:w-full" })}
      >
        <Phone aria-hidden="true" />
        {`Call ${request.name}`}
      </a>
      <span className="text-lg font-semibold text-ink" data-testid="request-phone">
        {request.phone}
      </span>
    </div>
  );
}

/** Asks before deleting: for a person who asked to be forgotten, and not to be undone. */
function DeleteRequest({ id, onDelete }: { id: number; onDelete: () => void }) {
  return (
    <ConfirmDialog
      title={`Delete service request #${id}?`}
      confirmLabel="Delete"
      onConfirm={onDelete}
      trigger={
        <button type="button" className={buttonVariants({ variant: "danger-outline", size: "sm" })}>
          Delete request
        </button>
      }
    >
      This removes the request, its notes, its alerts and its review for good, for a person who asked to be forgotten.
      The history keeps only that it was deleted, by whom and when.
    </ConfirmDialog>
  );
}

export function DeskRequestPage({
  id,
  inboxHref,
  towns,
  onDeleted,
}: {
  id: number;
  /** The towns served: the choices when the job must be matched on a town the owner picks. */
  towns: readonly string[];
  /** Back to the inbox as the owner left it (its filters and page). */
  inboxHref: string;
  onDeleted: (id: number) => void;
}) {
  const now = useNow();
  // Read again every 15 s, in a background tab too: a driver may cancel while the owner has it open.
  const detail = useQuery<DeskRequestDetail>({
    queryKey: [`/api/desk/requests/${id}`],
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const actions = useRequestActions(id, onDeleted);
  /** A status hard to undo (spam, lost), waiting for the owner to confirm it. */
  const [confirming, setConfirming] = useState<DeskStatus | null>(null);
  useEffect(() => {
    document.title = `Request #${id} · Desk`;
  }, [id]);

  if (detail.isPending || detail.isError)
    return (
      <section className="space-y-2">
        <RequestHeader id={id} inboxHref={inboxHref} />
        {detail.isError ? <ErrorAlert>{errorText(detail.error)}</ErrorAlert> : <p>Loading…</p>}
      </section>
    );
  const { request, alerts, events } = detail.data;
  const cancelled = request.status === "cancelled";
  const confirmingLabel = confirming ? statusLabels[confirming] : "";
  return (
    <section className="space-y-6">
      <RequestHeader id={id} inboxHref={inboxHref}>
        <StatusBadge status={request.status} />
      </RequestHeader>
      <CallBack request={request} />
      <RequestDetails request={request} events={events} now={now} />
      {cancelled && <CancelledNotice request={request} />}
      <OfferPanel
        requestId={request.id}
        towns={towns}
        closed={cancelled}
        hasNearestTown={Boolean(request.location?.nearestTown)}
      />
      {!cancelled && <VehicleForm request={request} />}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {!cancelled && <StatusField request={request} actions={actions} onConfirmNeeded={setConfirming} />}
        {!cancelled && <DriverMessageForm request={request} actions={actions} />}
        <NoteForm actions={actions} />
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Mark service request #${id} as ${confirmingLabel}?`}
        confirmLabel={`Mark as ${confirmingLabel}`}
        onConfirm={() => confirming && actions.setStatus.mutate(confirming)}
      >
        It leaves the requests still to be worked. You can set another status later.
      </ConfirmDialog>
      {actions.error && <ErrorAlert className="text-sm">{errorText(actions.error)}</ErrorAlert>}
      <Timeline request={request} events={events} />
      <AlertDeliveries alerts={alerts} />
      <DeleteRequest id={id} onDelete={() => actions.remove.mutate()} />
    </section>
  );
}
