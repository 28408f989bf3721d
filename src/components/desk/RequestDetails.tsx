import { languageForOwner } from "@/i18n/locales";
import type { DeskRequestDetail } from "@/shared/desk-schema";
import { mapSearchHref, telHrefFor } from "@/shared/links";
import { AskForLocation } from "./AskForLocation";
import { CallerPageLink } from "./CallerPageLink";
import { DriverLocation, EarlierLocations, TypedPlace } from "./DriverLocation";
import { businessTime, mailtoHrefFor, timeAgo } from "./format";
import { sourceLabels } from "./source-labels";

type Request = DeskRequestDetail["request"];
type Events = DeskRequestDetail["events"];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700";

/** A place the visitor typed, as text, linked to a map search in a new tab. */
function MapLink({ place }: { place: string }) {
  return (
    <a href={mapSearchHref(place)} className={linkClass} target="_blank" rel="noopener noreferrer">
      {place}
      <span className="sr-only"> (map, opens in a new tab)</span>
    </a>
  );
}

/** Who asked, how to reach them: received, name, phone and e-mail. */
function ContactFields({ request, now }: { request: Request; now: number }) {
  return (
    <>
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
    </>
  );
}

/** What is needed and where: service, pickup, the driver's GPS, drop-off, vehicle and note. */
function JobFields({ request, events, now }: { request: Request; events: Events; now: number }) {
  return (
    <>
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
    </>
  );
}

/** Where it came from: the source, the caller's page for a phoned-in request, the language. */
function OriginFields({ request }: { request: Request }) {
  return (
    <>
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
    </>
  );
}

/** The request as the driver sent it, and what the desk knows of where they are. */
export function RequestDetails({ request, events, now }: { request: Request; events: Events; now: number }) {
  return (
    <dl>
      <ContactFields request={request} now={now} />
      <JobFields request={request} events={events} now={now} />
      <OriginFields request={request} />
    </dl>
  );
}

/** Said when the driver cancelled: when, why, and that the request can no longer change. */
export function CancelledNotice({ request }: { request: Request }) {
  return (
    <div className="rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-ink" data-testid="cancelled-by-driver">
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
  );
}
