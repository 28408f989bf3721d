import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { fieldClass, inputClass } from "@/components/ui/form-field";
import { type StackedColumn, StackedTable } from "@/components/ui/stacked-table";
import { languageForOwner } from "@/i18n/locales";
import { cn } from "@/lib/utils";
import {
  type DeskAlert,
  type DeskRequestDetail,
  type DeskStatus,
  deskStatuses,
  MAX_DRIVER_MESSAGE_LENGTH,
  MAX_NOTE_LENGTH,
  statusLabels,
} from "@/shared/desk-schema";
import { mapSearchHref, telHrefFor } from "@/shared/links";
import { AskForLocation } from "./AskForLocation";
import { CallerPageLink } from "./CallerPageLink";
import { DeskField, DeskLabel } from "./DeskField";
import { DriverLocation, EarlierLocations, TypedPlace } from "./DriverLocation";
import { describeEvent, noteInDescription } from "./event-words";
import { businessTime, mailtoHrefFor, timeAgo } from "./format";
import { INBOX_POLL_MS } from "./NewRequestBanner";
import { OfferPanel } from "./OfferPanel";
import { deskSend, errorText, invalidateRequests } from "./query-client";
import { StatusBadge, StatusOptions } from "./StatusBadge";
import { sourceLabels } from "./source-labels";
import { useNow } from "./use-hash-route";
import { VehicleForm } from "./VehicleForm";

/** What each alert in the deliveries table is. */
const alertKindLabels: Record<string, string> = {
  new_request: "New request (owner)",
  cancelled: "Cancelled (owner)",
  driver_confirmation: "Confirmation (driver)",
  offer_created: "Offer (partner)",
  offer_withdrawn: "Offer withdrawn (partner)",
  offer_cancelled: "Cancelled by the driver (partner)",
  no_partner: "No partner took it (owner)",
  job_not_completed: "Partner could not complete (owner)",
  review_request: "How did it go? (driver)",
};

/** One alert per row: a table from sm up, a block of lines per alert on a phone. */
const alertColumns: StackedColumn<DeskAlert>[] = [
  { header: "Alert", cell: (a) => alertKindLabels[a.kind] ?? a.kind },
  { header: "Channel", cell: (a) => a.channel },
  { header: "State", cell: (a) => a.state },
  { header: "Attempts", cell: (a) => a.attempts },
  { header: "Last error", cell: (a) => a.lastError ?? "—" },
  { header: "Next attempt", cell: (a) => (a.state === "pending" ? businessTime(a.nextAttemptAt) : "—") },
];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700";

/** A place the visitor typed, as text, linked to a map search in a new tab. */
function MapLink({ place }: { place: string }) {
  return (
    <a href={mapSearchHref(place)} className={linkClass} target="_blank" rel="noopener noreferrer">
      {place}
      <span className="sr-only"> (map, opens in a new tab)</span>
    </a>
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
  const client = useQueryClient();
  const ids = useId();
  const now = useNow();
  const key = `/api/desk/requests/${id}`;
  // Read again every 15 s, in a background tab too: a driver may cancel while the owner has it open.
  const detail = useQuery<DeskRequestDetail>({
    queryKey: [key],
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const [saved, setSaved] = useState("");
  /** A status hard to undo (spam, lost), waiting for the owner to confirm it. */
  const [confirming, setConfirming] = useState<DeskStatus | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  // A phone's screen may end just above it: brought into view, without moving the page more than that.
  useEffect(() => {
    if (saved) savedRef.current?.scrollIntoView({ block: "nearest" });
  }, [saved]);

  const afterChange = async (message: string) => {
    setSaved(message);
    await invalidateRequests(client);
  };
  const setStatus = useMutation({
    mutationFn: (status: DeskStatus) => deskSend(client, "POST", `${key}/status`, { status }),
    onSuccess: (_res, status) => afterChange(`Status saved: ${statusLabels[status]}.`),
  });
  const addNote = useMutation({
    mutationFn: (note: string) => deskSend(client, "POST", `${key}/notes`, { note }),
    onSuccess: async () => {
      if (noteRef.current) noteRef.current.value = "";
      await afterChange("Note added.");
    },
  });
  /** Said under the message form, where the thumb is. */
  const [messageSaved, setMessageSaved] = useState("");
  const sendDriverMessage = useMutation({
    mutationFn: (message: string) => deskSend(client, "POST", `${key}/driver-message`, { message }),
    onSuccess: async (_res, message) => {
      setMessageSaved(
        message ? "Message saved: the driver's page shows it." : "Message removed from the driver's page.",
      );
      await invalidateRequests(client);
    },
  });
  const remove = useMutation({
    mutationFn: () => deskSend(client, "DELETE", key),
    onSuccess: async () => {
      client.removeQueries({ queryKey: [key] });
      await invalidateRequests(client);
      onDeleted(id);
    },
  });

  useEffect(() => {
    document.title = `Request #${id} · Desk`;
  }, [id]);

  const onDriverMessage: NonNullable<ComponentProps<"form">["onSubmit"]> = (event) => {
    event.preventDefault();
    sendDriverMessage.mutate(String(new FormData(event.currentTarget).get("message") ?? "").trim());
  };

  const onNote: NonNullable<ComponentProps<"form">["onSubmit"]> = (event) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get("note") ?? "").trim();
    if (note) addNote.mutate(note);
  };

  const heading = (
    <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
      Service request #{id}
    </h1>
  );
  const back = (
    <a href={inboxHref} className={cn(linkClass, "inline-block py-2 text-sm")}>
      ← Inbox
    </a>
  );

  if (detail.isPending)
    return (
      <section className="space-y-2">
        {back}
        {heading}
        <p>Loading…</p>
      </section>
    );
  if (detail.isError) {
    return (
      <section className="space-y-2">
        {back}
        {heading}
        <ErrorAlert>{errorText(detail.error)}</ErrorAlert>
      </section>
    );
  }
  const { request, alerts, events } = detail.data;
  const mutationError = setStatus.error ?? addNote.error ?? sendDriverMessage.error ?? remove.error;
  const cancelled = request.status === "cancelled";

  return (
    <section className="space-y-6">
      <div>
        {back}
        <div className="flex flex-wrap items-center gap-3">
          {heading}
          <StatusBadge status={request.status} />
        </div>
      </div>

      {/* What the owner does first: call the driver back. */}
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

      <dl>
        <Field label="Received">
          <time dateTime={request.createdAt}>{businessTime(request.createdAt)}</time>{" "}
          <span className="text-sm text-slate-600">({timeAgo(request.createdAt, now)})</span>
        </Field>
        <Field label="Name">{request.name}</Field>
        <Field label="Phone">
          <a href={telHrefFor(request.phone)} className={linkClass}>
            {request.phone}
          </a>
        </Field>
        <Field label="Email">
          <a href={mailtoHrefFor(request.email)} className={linkClass}>
            {request.email}
          </a>
        </Field>
        <Field label="Service">{request.service}</Field>
        <Field label="Pickup location">
          <MapLink place={request.pickupLocation} />
        </Field>
        <Field label="Driver's GPS">
          <div className="space-y-3">
            {request.location ? (
              <DriverLocation location={request.location} now={now} />
            ) : (
              <span className="text-slate-600">Not sent</span>
            )}
            {request.earlierLocations.length > 0 && <EarlierLocations locations={request.earlierLocations} />}
            <TypedPlace events={events} now={now} />
            <AskForLocation requestId={request.id} phone={request.phone} />
          </div>
        </Field>
        <Field label="Drop-off location">
          <MapLink place={request.dropoffLocation} />
        </Field>
        <Field label="Vehicle">{request.vehicle ?? <span className="text-slate-600">Not given</span>}</Field>
        <Field label="Driver's note">
          {/* Text as typed, line breaks kept; React escapes it, so it never becomes markup. */}
          {request.note ? (
            <span className="whitespace-pre-wrap break-words" data-testid="request-note">
              {request.note}
            </span>
          ) : (
            <span className="text-slate-600">None</span>
          )}
        </Field>
        <Field label="Source">
          <span data-testid="request-source">{sourceLabels[request.source]}</span>
        </Field>
        {request.source === "phone" && (
          <Field label="Caller's page">
            <CallerPageLink requestId={request.id} phone={request.phone} />
          </Field>
        )}
        <Field label="Language">
          <span data-testid="request-language">{languageForOwner[request.language]}</span>
          {request.language !== "en" && (
            <span className="ml-2 text-sm text-slate-600">(sent from the Spanish site: call back in Spanish)</span>
          )}
        </Field>
      </dl>

      {cancelled && (
        <div
          className="rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-ink"
          data-testid="cancelled-by-driver"
        >
          <p className="font-bold">
            Cancelled by the driver
            {request.cancelledAt && (
              <>
                {" "}
                on <time dateTime={request.cancelledAt}>{businessTime(request.cancelledAt)}</time>
              </>
            )}
            .
          </p>
          <p className="mt-1 [overflow-wrap:anywhere]">
            Reason: {request.cancelReason ?? <span className="text-slate-600">none given</span>}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            They no longer need help; its status and message can no longer be changed.
          </p>
        </div>
      )}

      <OfferPanel
        requestId={request.id}
        towns={towns}
        closed={cancelled}
        hasNearestTown={Boolean(request.location?.nearestTown)}
      />
      {!cancelled && <VehicleForm request={request} />}

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {!cancelled && (
          <DeskField label="Status">
            {(fieldId) => (
              <>
                <select
                  id={fieldId}
                  className={inputClass}
                  value={request.status}
                  disabled={setStatus.isPending}
                  onChange={(e) => {
                    const next = e.target.value as DeskStatus;
                    // Spam and lost take a request out of the owner's work: asked first, as a mis-tap is easy.
                    if (next === "spam" || next === "lost") setConfirming(next);
                    else setStatus.mutate(next);
                  }}
                >
                  <StatusOptions statuses={deskStatuses} />
                </select>
                {/* Said where the thumb is: right under the control that was used. */}
                <p ref={savedRef} role="status" className="min-h-6 text-sm font-medium text-emerald-800">
                  {saved}
                </p>
              </>
            )}
          </DeskField>
        )}
        {!cancelled && (
          <form onSubmit={onDriverMessage} className="space-y-1.5" key={request.driverMessage ?? ""}>
            <DeskLabel htmlFor={`${ids}-driver-message`}>Message to the driver</DeskLabel>
            <p id={`${ids}-driver-message-help`} className="text-sm text-slate-600">
              Shown on the driver's request page, as you write it. Empty removes it.
            </p>
            <textarea
              id={`${ids}-driver-message`}
              name="message"
              rows={2}
              maxLength={MAX_DRIVER_MESSAGE_LENGTH}
              defaultValue={request.driverMessage ?? ""}
              aria-describedby={`${ids}-driver-message-help`}
              className={cn(fieldClass, "py-2")}
            />
            <Button type="submit" variant="dark" size="sm" disabled={sendDriverMessage.isPending}>
              Save message
            </Button>
            <p role="status" className="min-h-6 text-sm font-medium text-emerald-800">
              {messageSaved}
            </p>
            {request.driverMessageAt && (
              <p className="text-sm text-slate-600">
                Shown since <time dateTime={request.driverMessageAt}>{businessTime(request.driverMessageAt)}</time>
              </p>
            )}
          </form>
        )}
        <form onSubmit={onNote} className="space-y-1.5">
          <DeskLabel htmlFor={`${ids}-note`}>Note</DeskLabel>
          <textarea
            id={`${ids}-note`}
            ref={noteRef}
            name="note"
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            required
            className={cn(fieldClass, "py-2")}
          />
          <Button type="submit" variant="dark" size="sm" disabled={addNote.isPending}>
            Add note
          </Button>
        </form>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Mark service request #${id} as ${confirming ? statusLabels[confirming] : ""}?`}
        confirmLabel={`Mark as ${confirming ? statusLabels[confirming] : ""}`}
        onConfirm={() => confirming && setStatus.mutate(confirming)}
      >
        It leaves the requests still to be worked. You can set another status later.
      </ConfirmDialog>
      {mutationError && <ErrorAlert className="text-sm">{errorText(mutationError)}</ErrorAlert>}

      <section aria-labelledby={`${ids}-history`}>
        <h2 id={`${ids}-history`} className="text-lg font-bold text-ink">
          Timeline
        </h2>
        {/* From the request's arrival to the partner's Done: who did what, when, everything typed as text. */}
        <ol className="mt-2 space-y-2 border-l-2 border-slate-300 pl-4" data-testid="timeline">
          <li className="text-sm">
            <p className="[overflow-wrap:anywhere]">
              <time dateTime={request.createdAt} className="text-slate-600">
                {businessTime(request.createdAt)}
              </time>{" "}
              — <span className="font-semibold">Received</span> ({sourceLabels[request.source]})
            </p>
          </li>
          {/* The API lists a request's events newest first (the history it always was): a timeline reads oldest first. */}
          {[...events]
            .sort((a, b) => a.id - b.id)
            .map((event) => (
              <li key={event.id} className="text-sm">
                <p className="[overflow-wrap:anywhere]">
                  <time dateTime={event.at} className="text-slate-600">
                    {businessTime(event.at)}
                  </time>{" "}
                  — <span className="font-semibold">{event.actor}</span> {describeEvent(event)}
                </p>
                {event.note && !noteInDescription.has(event.kind) && (
                  <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 px-3 py-2 text-ink [overflow-wrap:anywhere]">
                    {event.note}
                  </p>
                )}
              </li>
            ))}
        </ol>
      </section>

      <section aria-labelledby={`${ids}-alerts`}>
        <h2 id={`${ids}-alerts`} className="text-lg font-bold text-ink">
          Alert deliveries
        </h2>
        {alerts.length === 0 ? (
          <p className="text-sm text-slate-600">No alerts were queued for this request.</p>
        ) : (
          <StackedTable
            labelledBy={`${ids}-alerts`}
            className="mt-2"
            rows={alerts}
            rowKey={(a) => a.id}
            columns={alertColumns}
          />
        )}
      </section>

      <ConfirmDialog
        title={`Delete service request #${id}?`}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        trigger={
          <button type="button" className={buttonVariants({ variant: "danger-outline", size: "sm" })}>
            Delete request
          </button>
        }
      >
        This removes the request, its notes, its alerts and its review for good, for a person who asked to be forgotten.
        The history keeps only that it was deleted, by whom and when.
      </ConfirmDialog>
    </section>
  );
}
