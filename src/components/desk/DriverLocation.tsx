import { MapPin } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { DeskEvent } from "@/shared/desk-schema";
import { osmEmbedUrl } from "@/shared/links";
import { coordinate, type LocationView } from "@/shared/location";
import { businessTime, timeAgo } from "./format";

const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700";

/**
 * The driver's latest position on the desk's request page: the numbers, how precise and how old, the
 * nearest town and whether it is inside the area, links to the phone's maps app (geo:) and to
 * OpenStreetMap, and a map that loads only when the owner opens it (a closed <details>, like the footer's).
 */
export function DriverLocation({ location, now }: { location: LocationView; now: number }) {
  return (
    <div className="space-y-2" data-testid="driver-location">
      <p>
        <span className="font-semibold">
          {coordinate(location.latitude)}, {coordinate(location.longitude)}
        </span>{" "}
        <span data-testid="location-accuracy">(±{Math.round(location.accuracyM)} m)</span>
      </p>
      <p className="text-sm text-slate-700">
        Fix taken{" "}
        <time dateTime={location.fixedAt} data-testid="location-age">
          {timeAgo(location.fixedAt, now)}
        </time>
      </p>
      <p data-testid="nearest-town">
        {location.nearestTown
          ? `Nearest town: ${location.nearestTown}, ${location.nearestTownKm} km from its center`
          : "Nearest town unknown"}
        {" · "}
        <span className={location.insideServiceArea ? "text-green-800" : "font-semibold text-red-800"}>
          {location.insideServiceArea ? "inside the service area" : "outside the service area"}
        </span>
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={location.geoUri} className={linkClass} data-testid="geo-link">
          Open in the maps app
        </a>
        <a
          href={location.openStreetMapUrl}
          className={linkClass}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="osm-link"
        >
          OpenStreetMap
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <details className="group w-full max-w-xl overflow-hidden rounded-lg border border-slate-300">
        <summary className="flex cursor-pointer list-none items-center gap-2 p-3 group-open:hidden [&::-webkit-details-marker]:hidden">
          <MapPin className="size-5 text-brand-700" aria-hidden="true" />
          <span className={cn(buttonVariants({ variant: "outline", size: "sm" }))} data-testid="show-driver-map">
            Show map
          </span>
          <span className="text-xs text-slate-600">Loads a map from OpenStreetMap.</span>
        </summary>
        <iframe
          title={`Map of the driver's position, ${coordinate(location.latitude)}, ${coordinate(location.longitude)}`}
          src={osmEmbedUrl(location.latitude, location.longitude, 0.01)}
          className="aspect-[4/3] w-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      </details>
    </div>
  );
}

/** The positions the latest one replaced, newest first: where the driver was before. */
export function EarlierLocations({ locations }: { locations: LocationView[] }) {
  return (
    <div data-testid="earlier-locations">
      <p className="text-sm font-semibold text-slate-700">Earlier positions</p>
      <ul className="text-sm">
        {locations.map((l) => (
          <li key={`${l.fixedAt}-${l.latitude}-${l.longitude}`}>
            <time dateTime={l.fixedAt}>{businessTime(l.fixedAt)}</time>: {coordinate(l.latitude)},{" "}
            {coordinate(l.longitude)} (±{Math.round(l.accuracyM)} m)
            {l.nearestTown ? `, near ${l.nearestTown}` : ""}{" "}
            <a href={l.openStreetMapUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
              map
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The latest place the caller typed on the location link (their phone gave no position), with when:
 * the same line is in the history. Nothing when they typed none.
 */
export function TypedPlace({ events, now }: { events: DeskEvent[]; now: number }) {
  const latest = events.filter((e) => e.kind === "caller_place" && e.note).sort((a, b) => b.id - a.id)[0];
  if (!latest) return null;
  return (
    <div className="space-y-1" data-testid="caller-place">
      <p className="text-sm font-semibold text-slate-700">Typed by the caller on the location link</p>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-lg font-semibold text-ink [overflow-wrap:anywhere]">
        {latest.note}
      </p>
      <p className="text-sm text-slate-700">
        <time dateTime={latest.at}>{businessTime(latest.at)}</time> ({timeAgo(latest.at, now)})
      </p>
    </div>
  );
}
