import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { fieldClass, inputClass } from "@/components/ui/form-field";
import {
  type DeskRequest,
  type DeskStatus,
  deskStatuses,
  MAX_DRIVER_MESSAGE_LENGTH,
  MAX_NOTE_LENGTH,
  statusLabels,
} from "@/shared/desk-schema";
import { DeskField, DeskLabel } from "./DeskField";
import { businessTime } from "./format";
import { deskSend, invalidateRequests } from "./query-client";
import { StatusOptions } from "./StatusBadge";

/** The desk's writes on one request (status, note, message to the driver, delete), with what each says when done. */
export function useRequestActions(id: number, onDeleted: (id: number) => void) {
  const client = useQueryClient();
  const key = `/api/desk/requests/${id}`;
  const [saved, setSaved] = useState("");
  /** Said under the message form, where the thumb is. */
  const [messageSaved, setMessageSaved] = useState("");
  const noteRef = useRef<HTMLTextAreaElement>(null);
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
  const error = setStatus.error ?? addNote.error ?? sendDriverMessage.error ?? remove.error;
  return { saved, messageSaved, noteRef, setStatus, addNote, sendDriverMessage, remove, error };
}

type RequestActions = ReturnType<typeof useRequestActions>;

/**
 * The status select; spam and lost take a request out of the owner's work, so they are asked first
 * (`onConfirmNeeded`), as a mis-tap is easy.
 */
export function StatusField({
  request,
  actions,
  onConfirmNeeded,
}: {
  request: DeskRequest;
  actions: RequestActions;
  onConfirmNeeded: (status: DeskStatus) => void;
}) {
  const savedRef = useRef<HTMLParagraphElement>(null);
  const { saved, setStatus } = actions;
  // A phone's screen may end just above it: brought into view, without moving the page more than that.
  useEffect(() => {
    if (saved) savedRef.current?.scrollIntoView({ block: "nearest" });
  }, [saved]);
  return (
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
              if (next === "spam" || next === "lost") onConfirmNeeded(next);
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
  );
}

/** The message shown on the driver's request page; saving it empty removes it. */
export function DriverMessageForm({ request, actions }: { request: DeskRequest; actions: RequestActions }) {
  const ids = useId();
  const { sendDriverMessage, messageSaved } = actions;
  const onSubmit: NonNullable<ComponentProps<"form">["onSubmit"]> = (event) => {
    event.preventDefault();
    sendDriverMessage.mutate(String(new FormData(event.currentTarget).get("message") ?? "").trim());
  };
  return (
    <form onSubmit={onSubmit} className="space-y-1.5" key={request.driverMessage ?? ""}>
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
  );
}

/** The owner's own note on the request's timeline. */
export function NoteForm({ actions }: { actions: RequestActions }) {
  const noteId = useId();
  const { addNote, noteRef } = actions;
  const onSubmit: NonNullable<ComponentProps<"form">["onSubmit"]> = (event) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get("note") ?? "").trim();
    if (note) addNote.mutate(note);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-1.5">
      <DeskLabel htmlFor={noteId}>Note</DeskLabel>
      <textarea
        id={noteId}
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
  );
}
