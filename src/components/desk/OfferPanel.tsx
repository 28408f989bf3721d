import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { DeskOffer, DeskOffers } from "@/shared/partner-schema";
import { INBOX_POLL_MS } from "./NewRequestBanner";
import { OfferForm } from "./OfferForm";
import { OfferList } from "./OfferList";
import { offersKey } from "./partner-queries";
import { errorText } from "./query-client";

/** How often a request's offers are read while its job moves. */
const FOLLOW_JOB_MS = 5_000;

/** An offer waits for its answer, or the partner who holds the job has not reported its end. */
const jobMoving = (data: DeskOffers | undefined, closed: boolean) =>
  !closed &&
  (data?.offers.some(
    (o) => o.state === "offered" || (o.state === "accepted" && o.step !== "done" && o.step !== "not_completed"),
  ) ??
    false);

/**
 * The request's offers, read like the request itself, and every few seconds while the job moves (an
 * offer waits for its answer, or a partner is on it), so each answer and step shows while the owner
 * looks. An answer or a step is also a line on the request's timeline: the request is read again when one comes.
 */
function useFollowedOffers(requestId: number, key: ReturnType<typeof offersKey>, closed: boolean) {
  const client = useQueryClient();
  const offers = useQuery<DeskOffers>({
    queryKey: key,
    refetchInterval: (query) => (jobMoving(query.state.data, closed) ? FOLLOW_JOB_MS : INBOX_POLL_MS),
    refetchIntervalInBackground: true,
  });
  const seen = useRef<string | undefined>(undefined);
  const fingerprint = offers.data?.offers.map((o) => `${o.id}:${o.state}:${o.step ?? ""}`).join(",");
  useEffect(() => {
    if (fingerprint === undefined) return;
    if (seen.current !== undefined && seen.current !== fingerprint) {
      void client.invalidateQueries({ queryKey: [`/api/desk/requests/${requestId}`] });
    }
    seen.current = fingerprint;
  }, [client, fingerprint, requestId]);
  return offers;
}

/** Where the job stands, from its offers. */
function standing(list: DeskOffer[]) {
  // The partner who holds the job; one who could not complete it no longer does, and the job can be offered again.
  const accepted = list.find((o) => o.state === "accepted" && o.step !== "not_completed");
  const couldNotComplete = accepted ? undefined : list.findLast((o) => o.state === "accepted");
  // This round's offers: those sent since the last partner could not complete the job (the offers
  // withdrawn when that partner accepted belong to the round before).
  const round = couldNotComplete ? list.filter((o) => o.id > couldNotComplete.id && o.state !== "withdrawn") : list;
  return {
    accepted,
    couldNotComplete: round.length === 0 ? couldNotComplete : undefined,
    open: round.some((o) => o.state === "offered"),
    allFailed: round.length > 0 && round.every((o) => o.state === "expired" || o.state === "declined"),
  };
}

/** What the owner should know before offering: nobody took it, the partner could not complete, someone has it, or the driver cancelled. */
function OfferNotices({ job, closed }: { job: ReturnType<typeof standing>; closed: boolean }) {
  const { accepted, couldNotComplete, allFailed } = job;
  const alarm = "rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-800";
  return (
    <>
      {allFailed && !closed && (
        <p role="status" className={alarm}>
          No partner took the job: every offer expired or was declined. Offer it again below, or call partners.
        </p>
      )}
      {couldNotComplete && !closed && (
        <p role="status" className={alarm}>
          {couldNotComplete.companyName} could not complete the job. Offer it again below, or call partners.
        </p>
      )}
      {accepted && (
        <p className="text-sm text-slate-700">{accepted.companyName} has the job: no more offers are needed.</p>
      )}
      {closed && !accepted && (
        <p className="text-sm text-slate-700">The driver cancelled: the job can no longer be offered.</p>
      )}
    </>
  );
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
  const ids = useId();
  /** The town the owner chose, when the driver's location gave none. */
  const [chosenTown, setChosenTown] = useState("");
  const key = offersKey(requestId, hasNearestTown ? undefined : chosenTown || undefined);
  const offers = useFollowedOffers(requestId, key, closed);
  const list = offers.data?.offers ?? [];
  const job = standing(list);

  return (
    <section aria-labelledby={`${ids}-heading`} className="space-y-3" data-testid="offer-panel">
      <h2 id={`${ids}-heading`} className="text-lg font-bold text-ink">
        Offer to partners
      </h2>
      {offers.isPending && <p>Loading…</p>}
      {offers.isError && <ErrorAlert className="text-sm">{errorText(offers.error)}</ErrorAlert>}
      {list.length > 0 && <OfferList offers={list} />}
      <OfferNotices job={job} closed={closed} />
      {!closed && !job.accepted && offers.data && (
        <OfferForm
          requestId={requestId}
          data={offers.data}
          towns={towns}
          chosenTown={chosenTown}
          onChooseTown={setChosenTown}
          open={job.open}
          allFailed={job.allFailed}
        />
      )}
    </section>
  );
}
