import type { ReactNode } from "react";
import { offerPage as t } from "@/i18n/en/offer-page";
import { fill, serviceNameIn } from "@/i18n/ui";
import { mapSearchHref, telHrefFor } from "@/shared/links";
import { locationView } from "@/shared/location";
import { formatPageTime } from "@/shared/request-page";
import { site, telHref } from "@/shared/site";
import type { OfferJob } from "./offer-job";
import { Card, Facts, Hint, TextLink, When } from "./parts";

/** The phone's position, when the driver sent one: where, when and how exact, and two ways to open it. */
function positionRow(request: OfferJob["request"]): [string, ...ReactNode[]][] {
  const position = locationView(request);
  if (!position) return [];
  const note = fill(t.positionNote, {
    time: formatPageTime(position.fixedAt, site.timeZone, "en-US"),
    accuracy: String(Math.round(position.accuracyM)),
  });
  return [
    [
      t.phonePosition,
      `${position.latitude}, ${position.longitude}`,
      note,
      <TextLink href={position.geoUri} key="geo">
        {t.openMap}
      </TextLink>,
      <TextLink href={position.openStreetMapUrl} key="osm">
        {t.openPosition}
      </TextLink>,
    ],
  ];
}

/** Everything CVC 22513(a)(2) asks the summoned operator to hold in writing before arriving. */
export function JobRecord({ job }: { job: OfferJob }) {
  const { offer, request } = job;
  const notYet = fill(t.notGivenYet, { phone: site.phone.display });
  const mapLink = (place: string) => (
    <TextLink href={mapSearchHref(place)} key="map">
      {t.openMap}
    </TextLink>
  );
  const rows: [string, ...ReactNode[]][] = [
    [t.service, serviceNameIn("en", request.service)],
    [t.driver, request.name],
    [
      t.driverPhone,
      <TextLink href={telHrefFor(request.phone)} key="phone">
        {request.phone}
      </TextLink>,
    ],
    [t.vehicleDriver, request.vehicle?.trim() || t.vehicleNotGiven],
    [t.vehicleDesk, request.deskVehicle?.trim() || notYet],
    [t.plate, request.licensePlate?.trim() || notYet],
    [t.pickup, request.pickupLocation, mapLink(request.pickupLocation)],
    ...positionRow(request),
    [t.dropoff, request.dropoffLocation, mapLink(request.dropoffLocation)],
    [t.requestedAt, <When at={request.createdAt} key="at" />],
    ...(offer.answeredAt ? [[t.summonedAt, <When at={offer.answeredAt} key="at" />] as [string, ReactNode]] : []),
    [
      t.arrangedBy,
      <span key="by">
        {`${site.name}, `}
        <TextLink href={telHref}>{site.phone.display}</TextLink>
      </span>,
    ],
  ];
  return (
    <Card heading={t.recordHeading} id="offer-record-heading">
      <Hint>{t.recordIntro}</Hint>
      <Facts testId="offer-record" rows={rows} />
    </Card>
  );
}
