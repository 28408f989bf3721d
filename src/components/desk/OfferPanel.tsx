import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare, Phone } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClass } from "@/components/ui/form-field";
import { cn } from "@/lib/utils";
import { telHrefFor } from "@/shared/links";
import type { DeskOffer, DeskOffers, OfferStateName } from "@/shared/partner-schema";
import { DeskLabel } from "./DeskField";
import { stepLabels } from "./event-words";
import { businessTime, timeAgo } from "./format";
import { INBOX_POLL_MS } from "./NewRequestBanner";
import { offersKey } from "./partner-queries";
import { deskSend, errorText, invalidateRequests } from "./query-client";
import { hrefFor, useNow } from "./use-hash-route";

/** How often a request's offers are read while its job moves. */
const FOLLOW_JOB_MS = 5_000;

/** An offer waits for its answer, or the partner who holds the job has not reported its end. */
const jobMoving = (data: DeskOffers | undefined, closed: boolean) =>
  !closed &&
  (data?.offers.some(
    (o) => o.state === "offered" || (o.state === "accepted" && o.step !== "done" && o.step !== "not_completed"),
  ) ??
    false);

const stateLabels: Record<OfferStateName, string> = {
  offered: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

const stateTone: Record<OfferStateName, string> = {
  offered: "bg-brand-100 text-ink",
  accepted: "bg-emerald-100 text-emerald-900",
  declined: "bg-slate-200 text-slate-800",
  expired: "bg-slate-200 text-slate-800",
  withdrawn: "bg-slate-100 text-slate-700",
};

/** Only an sms: address is a link here: the server builds it, and nothing else should be followed. */
const isSmsHref = (href: string) => href.startsWith("sms:");

/** What happened to one offer, in a line: everything the partner typed stays text. */
function OfferOutcome({ offer }: { offer: DeskOffer }) {
  const at = (iso: string) => <time dateTime={iso}>{businessTime(iso)}</time>;
  switch (offer.state) {
    case "offered":
      return (
        <>
          Offered {at(offer.createdAt)}; expires {at(offer.expiresAt)} if not answered.
        </>
      );
    case "accepted":
      return (
        <>
          Accepted {offer.answeredAt && at(offer.answeredAt)}: about {offer.etaMinutes ?? "?"} minutes (their estimate).
          {offer.step && offer.step !== "accepted" && offer.stepAt && (
            <>
              {" "}
              Now: <strong>{stepLabels[offer.step]}</strong> since {at(offer.stepAt)}
              {offer.step === "not_completed" && offer.notCompletedReason && <>: {offer.notCompletedReason}</>}.
            </>
          )}
        </>
      );
    case "declined":
      return (
        <>
          Declined {offer.answeredAt && at(offer.answeredAt)}
          {offer.declineReason ? <>: {offer.declineReason}</> : " (no reason given)"}.
        </>
      );
    case "expired":
      return <>Not answered in time: expired {at(offer.expiresAt)}.</>;
    case "withdrawn":
      return <>Withdrawn {offer.answeredAt && at(offer.answeredAt)}: another partner took the job.</>;
  }
}

/**
 * "Offer to partners": the partners who take this service in this town, least recently offered first,
 * to offer the job to one or several; then each offer and what became of it, with the partner's phone
 * and an sms: link whose text the server prefilled (service, town, vehicle: never the private link or
 * the driver's phone). When every offer expired or was declined, the owner can offer it again.
 */
export function OfferPanel({
  requestId,
  towns,
  closed,
  hasNearestTown,
}: {
  requestId: number;
  towns: readonly string[];
  /** The driver cancelled: nothing more can be offered. */
  closed: boolean;
  hasNearestTown: boolean;
}) {
  const client = useQueryClient();
  const ids = useId();
  // "last offered … ago" stays true while the page is open.
  const now = useNow();
  /** The town the owner chose, when the driver's location gave none. */
  const [chosenTown, setChosenTown] = useState("");
  const [selected, setSelected] = useState<number[]>([]);
  const [sent, setSent] = useState("");
  const [problem, setProblem] = useState("");
  const key = offersKey(requestId, hasNearestTown ? undefined : chosenTown || undefined);
  // Answers arrive from partners at any time: read again like the request itself, and every few
  // seconds while the job moves (an offer waits for its answer, or a partner is on it), so each answer
  // and step shows while the owner looks.
  const offers = useQuery<DeskOffers>({
    queryKey: key,
    refetchInterval: (query) => (jobMoving(query.state.data, closed) ? FOLLOW_JOB_MS : INBOX_POLL_MS),
    refetchIntervalInBackground: true,
  });
  // An answer or a step is also a line on the request's timeline: read the request again when one comes.
  const seen = useRef<string | undefined>(undefined);
  const fingerprint = offers.data?.offers.map((o) => `${o.id}:${o.state}:${o.step ?? ""}`).join(",");
  useEffect(() => {
    if (fingerprint === undefined) return;
    if (seen.current !== undefined && seen.current !== fingerprint) {
      void client.invalidateQueries({ queryKey: [`/api/desk/requests/${requestId}`] });
    }
    seen.current = fingerprint;
  }, [client, fingerprint, requestId]);
  const send = useMutation({
    mutationFn: (body: { partnerIds: number[]; town?: string }) =>
      deskSend(client, "POST", `/api/desk/requests/${requestId}/offers`, body),
    onSuccess: async (_res, body) => {
      const names = (offers.data?.candidates ?? [])
        .filter((c) => body.partnerIds.includes(c.id))
        .map((c) => c.companyName);
      setSent(`Offered to ${names.join(", ") || `${body.partnerIds.length} partners`}.`);
      setSelected([]);
      await invalidateRequests(client);
    },
  });

  const data = offers.data;
  const town = data?.town ?? (chosenTown || null);
  const list = data?.offers ?? [];
  // The partner who holds the job; one who could not complete it no longer does, and the job can be offered again.
  const accepted = list.find((o) => o.state === "accepted" && o.step !== "not_completed");
  const couldNotComplete = accepted ? undefined : list.findLast((o) => o.state === "accepted");
  // This round's offers: those sent since the last partner could not complete the job (the offers
  // withdrawn when that partner accepted belong to the round before).
  const round = couldNotComplete ? list.filter((o) => o.id > couldNotComplete.id && o.state !== "withdrawn") : list;
  const open = round.some((o) => o.state === "offered");
  const allFailed = round.length > 0 && round.every((o) => o.state === "expired" || o.state === "declined");
  const canOffer = !closed && !accepted;
  const candidates = data?.candidates ?? [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent("");
    setProblem(selected.length === 0 ? "Choose at least one partner to offer the job to." : "");
    if (selected.length === 0 || !town) return;
    send.mutate({ partnerIds: selected, ...(data?.town ? {} : { town }) });
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="space-y-3" data-testid="offer-panel">
      <h2 id={`${ids}-heading`} className="text-lg font-bold text-ink">
        Offer to partners
      </h2>
      {offers.isPending && <p>Loading…</p>}
      {offers.isError && <ErrorAlert className="text-sm">{errorText(offers.error)}</ErrorAlert>}

      {list.length > 0 && (
        <ul aria-label="Offers" className="space-y-2">
          {list.map((offer) => (
            <li key={offer.id} className="rounded-md border border-slate-200 px-3 py-2" data-testid="offer">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold [overflow-wrap:anywhere]">{offer.companyName}</span>
                <span
                  className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", stateTone[offer.state])}
                >
                  {stateLabels[offer.state]}
                </span>
              </div>
              <p className="mt-1 text-sm [overflow-wrap:anywhere]">
                <OfferOutcome offer={offer} />
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <a href={telHrefFor(offer.phone)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                  <Phone aria-hidden="true" />
                  Call <span className="sr-only">{offer.companyName}</span> {offer.phone}
                </a>
                {isSmsHref(offer.smsHref) && (
                  <a href={offer.smsHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    <MessageSquare aria-hidden="true" />
                    Text the offer<span className="sr-only"> to {offer.companyName}</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {allFailed && !closed && (
        <p role="status" className="rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-800">
          No partner took the job: every offer expired or was declined. Offer it again below, or call partners.
        </p>
      )}
      {couldNotComplete && round.length === 0 && !closed && (
        <p role="status" className="rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-800">
          {couldNotComplete.companyName} could not complete the job. Offer it again below, or call partners.
        </p>
      )}
      {accepted && (
        <p className="text-sm text-slate-700">{accepted.companyName} has the job: no more offers are needed.</p>
      )}
      {closed && !accepted && (
        <p className="text-sm text-slate-700">The driver cancelled: the job can no longer be offered.</p>
      )}

      {canOffer && data && (
        <form onSubmit={onSubmit} className="space-y-3">
          {data.town ? (
            <p>
              Partners who take this service in <strong>{data.town}</strong> (the driver's nearest town), least recently
              offered a job first:
            </p>
          ) : (
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
                onChange={(e) => {
                  setChosenTown(e.target.value);
                  setSelected([]);
                }}
              >
                <option value="">Choose a town</option>
                {towns.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          )}
          {town && candidates.length === 0 && (
            <p className="text-sm text-slate-700">
              {/* Those waiting to answer are not listed again: "other" says so. */}
              {open ? "No other" : "No"} active, insured partner takes this service in {town}.{" "}
              <a href={hrefFor({ view: "partners" })} className="font-medium text-brand-800 underline">
                See the partners
              </a>
              .
            </p>
          )}
          {town && candidates.length > 0 && (
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
                    onChange={(e) => {
                      setProblem("");
                      setSelected((s) => (e.target.checked ? [...s, partner.id] : s.filter((id) => id !== partner.id)));
                    }}
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
          )}
          {town && candidates.length > 0 && (
            <Button type="submit" variant="dark" disabled={send.isPending}>
              {allFailed ? "Offer again to selected" : open ? "Offer to selected too" : "Offer to selected"}
            </Button>
          )}
          {(problem || send.isError) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem || errorText(send.error)}
            </p>
          )}
          <p role="status" className="min-h-6 text-sm font-medium text-emerald-800">
            {sent}
          </p>
        </form>
      )}
    </section>
  );
}
