import { MessageSquare, Phone } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { telHrefFor } from "@/shared/links";
import type { DeskOffer, OfferStateName } from "@/shared/partner-schema";
import { stepLabels } from "./event-words";
import { businessTime } from "./format";

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

/** One offer: the partner, its state, what became of it, and the ways to reach the partner. */
function OfferItem({ offer }: { offer: DeskOffer }) {
  return (
    <li className="rounded-md border border-slate-200 px-3 py-2" data-testid="offer">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold [overflow-wrap:anywhere]">{offer.companyName}</span>
        <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", stateTone[offer.state])}>
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
  );
}

/** Every offer made for the request, oldest first. */
export function OfferList({ offers }: { offers: DeskOffer[] }) {
  return (
    <ul aria-label="Offers" className="space-y-2">
      {offers.map((offer) => (
        <OfferItem key={offer.id} offer={offer} />
      ))}
    </ul>
  );
}
