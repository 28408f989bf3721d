import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/form-field";
import type { DeskOffers } from "@/shared/partner-schema";
import { DeskLabel } from "./DeskField";
import { timeAgo } from "./format";
import { deskSend, errorText, invalidateRequests } from "./query-client";
import { hrefFor, useNow } from "./use-hash-route";

type Candidate = DeskOffers["candidates"][number];

/** The town to match partners on, chosen by the owner when the driver's phone gave no position. */
function TownChoice({
  towns,
  chosenTown,
  onChoose,
}: {
  towns: readonly string[];
  chosenTown: string;
  onChoose: (town: string) => void;
}) {
  const ids = useId();
  return (
    <div className="space-y-1.5">
      <DeskLabel htmlFor={`${ids}-town`}>Town to match partners on</DeskLabel>
      <p id={`${ids}-town-help`} className="text-sm text-slate-600">
        The driver's phone gave no position: choose the town of the pickup.
      </p>
      <select
        id={`${ids}-town`}
        className={cn(inputClass, "max-w-72")}
        value={chosenTown}
        aria-describedby={`${ids}-town-help`}
        onChange={(e) => onChoose(e.target.value)}
      >
        <option value="">Choose a town</option>
        {towns.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox per partner who could take the job, with when each was last offered one. */
function CandidateList({
  candidates,
  selected,
  onToggle,
}: {
  candidates: Candidate[];
  selected: number[];
  onToggle: (id: number, checked: boolean) => void;
}) {
  // "last offered … ago" stays true while the page is open.
  const now = useNow();
  return (
    <fieldset className="space-y-1">
      <legend className="sr-only">Partners to offer the job to</legend>
      {candidates.map((partner) => (
        <label
          key={partner.id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 hover:bg-slate-50"
        >
          <input
            type="checkbox"
            className="size-6 shrink-0 accent-ink"
            checked={selected.includes(partner.id)}
            onChange={(e) => onToggle(partner.id, e.target.checked)}
          />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="font-semibold">{partner.companyName}</span>{" "}
            <span className="text-sm text-slate-600">
              (
              {partner.lastOfferedAt
                ? `last offered a job ${timeAgo(partner.lastOfferedAt, now)}`
                : "never offered a job"}
              )
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** No partner to offer the job to in this town; those waiting to answer are not listed again: "other" says so. */
function NoPartnersHere({ town, open }: { town: string; open: boolean }) {
  return (
    <p className="text-sm text-slate-700">
      {open ? "No other" : "No"} active, insured partner takes this service in {town}.{" "}
      <a href={hrefFor({ view: "partners" })} className="font-medium text-brand-800 underline">
        See the partners
      </a>
      .
    </p>
  );
}

/** What the last try said: a problem to fix, or to whom the job was offered. */
function SendOutcome({ problem, sent }: { problem: string; sent: string }) {
  return (
    <>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <p role="status" className="min-h-6 text-sm font-medium text-emerald-800">
        {sent}
      </p>
    </>
  );
}

/** Whom to offer the job to: the town (the driver's nearest, or the owner's choice), then the partners. */
export function OfferForm({
  requestId,
  data,
  towns,
  chosenTown,
  onChooseTown,
  open,
  allFailed,
}: {
  requestId: number;
  data: DeskOffers;
  towns: readonly string[];
  chosenTown: string;
  onChooseTown: (town: string) => void;
  /** An offer of this round still waits for its answer. */
  open: boolean;
  /** Every offer of this round expired or was declined. */
  allFailed: boolean;
}) {
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [sent, setSent] = useState("");
  const [problem, setProblem] = useState("");
  const town = data.town ?? (chosenTown || null);
  const candidates = data.candidates;
  const send = useMutation({
    mutationFn: (body: { partnerIds: number[]; town?: string }) =>
      deskSend(client, "POST", `/api/desk/requests/${requestId}/offers`, body),
    onSuccess: async (_res, body) => {
      const names = candidates.filter((c) => body.partnerIds.includes(c.id)).map((c) => c.companyName);
      setSent(`Offered to ${names.join(", ") || `${body.partnerIds.length} partners`}.`);
      setSelected([]);
      await invalidateRequests(client);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent("");
    setProblem(selected.length === 0 ? "Choose at least one partner to offer the job to." : "");
    if (selected.length === 0 || !town) return;
    send.mutate({ partnerIds: selected, ...(data.town ? {} : { town }) });
  };
  const onToggle = (id: number, checked: boolean) => {
    setProblem("");
    setSelected((s) => (checked ? [...s, id] : s.filter((other) => other !== id)));
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3">
      {data.town ? (
        <p>
          Partners who take this service in <strong>{data.town}</strong> (the driver's nearest town), least recently
          offered a job first:
        </p>
      ) : (
        <TownChoice
          towns={towns}
          chosenTown={chosenTown}
          onChoose={(t) => {
            onChooseTown(t);
            setSelected([]);
          }}
        />
      )}
      {town && candidates.length === 0 && <NoPartnersHere town={town} open={open} />}
      {town && candidates.length > 0 && (
        <>
          <CandidateList candidates={candidates} selected={selected} onToggle={onToggle} />
          <Button type="submit" variant="dark" disabled={send.isPending}>
            {allFailed ? "Offer again to selected" : open ? "Offer to selected too" : "Offer to selected"}
          </Button>
        </>
      )}
      <SendOutcome problem={problem || (send.isError ? errorText(send.error) : "")} sent={sent} />
    </form>
  );
}
