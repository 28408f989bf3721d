import { offerPage as t } from "@/i18n/en/offer-page";
import { fill, serviceNameIn } from "@/i18n/ui";
import { offerActionPath } from "@/shared/partner-schema";
import { pickupAreaLine } from "./JobTop";
import type { OfferJob } from "./offer-job";
import {
  Card,
  detailsBodyClass,
  detailsClass,
  Facts,
  Hint,
  inputClass,
  Label,
  Submit,
  summaryClass,
  When,
} from "./parts";

/** The town a place's words name, from the towns served; undefined when none. */
export type TownNamedIn = (place: string) => string | undefined;

const vehicleAsGiven = ({ request }: OfferJob) =>
  [request.vehicle, request.deskVehicle].filter((v): v is string => Boolean(v?.trim())).join(" · ");

/** What a partner decides on: nothing that names or finds the driver. */
export function DecisionFacts({ job, townNamedIn }: { job: OfferJob; townNamedIn: TownNamedIn }) {
  const { offer, request } = job;
  const town = townNamedIn(request.dropoffLocation);
  return (
    <Card heading={t.decideHeading} id="offer-facts-heading">
      <Facts
        testId="offer-facts"
        rows={[
          [t.service, serviceNameIn("en", request.service)],
          [t.pickupArea, pickupAreaLine(offer.town, offer.distanceKm)],
          [t.dropoffArea, town ? fill(t.dropoffTown, { town }) : t.dropoffLater],
          [t.vehicle, vehicleAsGiven(job) || t.vehicleNotGiven],
          [t.requestedAt, <When at={request.createdAt} key="at" />],
        ]}
      />
    </Card>
  );
}

/** Accept with an estimate of minutes: the first thing under the deadline. */
export function AcceptForm({ token }: { token: string }) {
  return (
    <Card heading={t.acceptHeading} id="offer-accept-heading">
      <form method="post" action={offerActionPath(token, "accept")} className="space-y-3">
        <Label htmlFor="offer-eta">{t.etaLabel}</Label>
        <Hint id="offer-eta-hint">{t.etaHint}</Hint>
        <input
          id="offer-eta"
          name="etaMinutes"
          type="number"
          inputMode="numeric"
          min="1"
          max="600"
          step="1"
          required
          aria-describedby="offer-eta-hint"
          className={inputClass}
        />
        <Submit style="primary">{t.acceptButton}</Submit>
      </form>
      <Hint>{t.privacyNote}</Hint>
    </Card>
  );
}

/** Decline, with an optional reason: folded away under the facts. */
export function DeclineForm({ token }: { token: string }) {
  return (
    <details className={detailsClass}>
      <summary className={summaryClass}>{t.declineSummary}</summary>
      <form method="post" action={offerActionPath(token, "decline")} className={`space-y-3 ${detailsBodyClass}`}>
        <Label htmlFor="offer-decline-reason">{t.reasonLabel}</Label>
        <textarea id="offer-decline-reason" name="reason" rows={3} maxLength={280} className={inputClass} />
        <Submit style="secondary">{t.declineButton}</Submit>
      </form>
    </details>
  );
}
