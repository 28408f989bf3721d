import type { ReactNode } from "react";
import { offerPage as t } from "@/i18n/en/offer-page";
import { fill } from "@/i18n/ui";
import { closedStatuses } from "@/shared/desk-schema";
import type { OfferPageState } from "@/shared/partner-schema";
import { formatPageTime } from "@/shared/request-page";
import { site } from "@/shared/site";
import { AcceptForm, DecisionFacts, DeclineForm, type TownNamedIn } from "./Answer";
import { JobRecord } from "./JobRecord";
import { Deadline, JobTop } from "./JobTop";
import type { OfferJob } from "./offer-job";
import { Progress } from "./Progress";
import { Hint, Notice } from "./parts";

/**
 * A partner's offer page (/offer/{token}), rendered by the server into the built shell
 * (src/views/OfferPage.astro; server/features/offer/render.tsx). Forms only, no island: it works without
 * JavaScript, and a reload shows where the job stands.
 */
export interface OfferPageProps {
  job: OfferJob;
  state: OfferPageState;
  token: string;
  townNamedIn: TownNamedIn;
  /** The server's clock: the deadline's "6 min left" is written as of it. */
  now: Date;
}

const phone = site.phone.display;

export function OfferHeading({ job, state }: Pick<OfferPageProps, "job" | "state">) {
  const heading = state.state === "accepted" ? t.acceptedHeading : t.heading;
  return <h1 className="text-2xl font-extrabold text-ink">{fill(heading, { number: job.request.id })}</h1>;
}

/** An accepted offer: the job and its steps, unless the driver cancelled, the desk closed it, or it was handed on. */
function Accepted({ job, state, token }: OfferPageProps): ReactNode {
  if (state.driverCancelled)
    return <Notice heading={t.cancelledHeading} said={fill(t.cancelled, { phone })} testId="offer-cancelled" />;
  const time = formatPageTime(state.answeredAt ?? state.expiresAt, site.timeZone, "en-US");
  const said = (
    <p className="text-slate-700" data-testid="offer-accepted">
      {fill(t.acceptedSaid, { time, minutes: String(state.etaMinutes ?? "") })}
    </p>
  );
  const progress = <Progress state={state} token={token} notCompletedReason={job.offer.notCompletedReason} />;
  // Closed by the desk before this partner finished: no step buttons, and no driver's details to keep.
  const finished = state.step === "done" || state.step === "not_completed";
  if (closedStatuses.includes(job.request.status) && !finished)
    return (
      <>
        {said}
        <Notice heading={t.closedHeading} said={fill(t.closed, { phone })} testId="offer-closed" />
      </>
    );
  // Handed on to another partner: the driver's details are theirs now, not this partner's.
  if (state.taken)
    return (
      <>
        {said}
        {progress}
        <Notice heading={t.takenHeading} said={t.handedOn} testId="offer-handed-on" />
      </>
    );
  return (
    <>
      <JobTop request={job.request} />
      {said}
      {progress}
      <JobRecord job={job} />
    </>
  );
}

/** An offer still open: the deadline and the answer above the fold of a phone, the facts under them. */
function Open({ job, token, townNamedIn, now, state }: OfferPageProps): ReactNode {
  if (state.driverCancelled)
    return <Notice heading={t.cancelledHeading} said={fill(t.cancelled, { phone })} testId="offer-cancelled" />;
  if (closedStatuses.includes(job.request.status))
    return <Notice heading={t.closedHeading} said={fill(t.closed, { phone })} testId="offer-closed" />;
  return (
    <>
      <Deadline expiresAt={job.offer.expiresAt} now={now} />
      <AcceptForm token={token} />
      <DecisionFacts job={job} townNamedIn={townNamedIn} />
      <DeclineForm token={token} />
    </>
  );
}

/** An offer that can no longer be answered: why, and whether another partner took the job. */
function Ended({ state }: Pick<OfferPageProps, "state">): ReactNode {
  if (state.taken) {
    const said = state.state === "declined" ? t.takenAfterDecline : t.taken;
    return <Notice heading={t.takenHeading} said={said} testId="offer-taken" />;
  }
  if (state.state === "withdrawn")
    return <Notice heading={t.withdrawnHeading} said={fill(t.withdrawn, { phone })} testId="offer-withdrawn" />;
  if (state.state === "declined")
    return <Notice heading={t.declinedHeading} said={t.declined} testId="offer-declined" />;
  const time = formatPageTime(state.expiresAt, site.timeZone, "en-US");
  return <Notice heading={t.expiredHeading} said={fill(t.expired, { time, phone })} testId="offer-expired" />;
}

/** The page's body: who offers it, then the offer as it stands. */
export function OfferBody(props: OfferPageProps) {
  const { state, job } = props;
  const ended = state.state === "withdrawn" || state.state === "declined" || state.state === "expired";
  return (
    <>
      <Hint>{fill(t.from, { company: job.partner.companyName, business: site.name })}</Hint>
      {state.state === "accepted" ? <Accepted {...props} /> : ended ? <Ended state={state} /> : <Open {...props} />}
    </>
  );
}
