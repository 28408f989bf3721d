import { languageForOwner } from "../../../src/i18n/locales";
import { locationView } from "../../../src/shared/location";
import type { ServiceRequestRow } from "../../db/schema";
import { csvLine, localTime } from "../../shared/csv";

/** The desk's export of service requests, one row each, in the CSV of server/shared/csv.ts. */
export function csvHeader(timeZone: string): string {
  return csvLine([
    "ID",
    `Received (${timeZone})`,
    "Status",
    "Service",
    "Name",
    "Phone",
    "Email",
    "Pickup location",
    "Drop-off location",
    "Vehicle",
    "Note",
    "Language",
    "Source",
    "Latitude",
    "Longitude",
    "Accuracy (m)",
    `Location time (${timeZone})`,
    "Nearest town",
    "Nearest town distance (km)",
    "Service area",
    "OpenStreetMap",
  ]);
}

export function csvRow(row: ServiceRequestRow, timeZone: string): string {
  return csvLine([
    row.id,
    localTime(row.createdAt, timeZone),
    row.status,
    row.service,
    row.name,
    row.phone,
    row.email,
    row.pickupLocation,
    row.dropoffLocation,
    row.vehicle ?? "",
    row.note ?? "",
    languageForOwner[row.language],
    row.source,
    ...locationCells(row, timeZone),
  ]);
}

/** The position's cells, all empty when the driver sent none (or it was erased). */
function locationCells(row: ServiceRequestRow, timeZone: string): (string | number)[] {
  const view = locationView(row);
  if (!view) return ["", "", "", "", "", "", "", ""];
  return [
    view.latitude,
    view.longitude,
    Math.round(view.accuracyM),
    localTime(new Date(view.fixedAt), timeZone),
    view.nearestTown ?? "",
    view.nearestTownKm ?? "",
    view.insideServiceArea ? "inside" : "outside",
    view.openStreetMapUrl,
  ];
}
