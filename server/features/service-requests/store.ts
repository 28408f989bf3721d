import { count, eq, sql } from "drizzle-orm";
import type { RequestSource } from "../../../src/shared/location";
import { nearestTown, type Town } from "../../../src/shared/nearest-town";
import type { ServiceRequest } from "../../../src/shared/service-request-schema";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import {
  type AlertChannel,
  alertOutbox,
  requestPageLinks,
  type ServiceRequestRow,
  serviceRequests,
} from "../../db/schema";
import { newPageToken, pageTokenHash } from "../../shared/page-tokens";
import { countStoredRequest } from "./numbers-rollups";

interface StoredServiceRequest {
  id: number;
  createdAt: Date;
  /** False when the idempotency key was stored before: this is that request, and nothing new was stored. */
  created: boolean;
  /**
   * A token of the request's page (`/request/{token}`), stored as its hash only. A repeat gets a new
   * link to the same page (the first answer's token was never kept, and that answer may be the one
   * lost), but only when it repeats the stored request word for word and the request has fewer than
   * MAX_PAGE_LINKS_PER_REQUEST links: otherwise none.
   */
  pageToken?: string;
}

/**
 * Links a request's page can have from repeats of its form: the first answer's, the e-mail's, and a
 * few for retries whose answers were lost. A key repeated more than that (a script, not a driver) mints no more.
 */
export const MAX_PAGE_LINKS_PER_REQUEST = 5;

/** The fields a driver typed, as stored: a repeat that differs in any of them is not the same form. */
const sameRequest = (stored: ServiceRequestRow, request: ServiceRequest) =>
  stored.name === request.name &&
  stored.email === request.email &&
  stored.phone === request.phone &&
  stored.service === request.service &&
  stored.pickupLocation === request.pickupLocation &&
  stored.dropoffLocation === request.dropoffLocation &&
  stored.vehicle === (request.vehicle ?? null) &&
  stored.note === (request.note ?? null) &&
  stored.language === request.language;

/**
 * The answer to a repeat of a stored key: the stored request's id and time, and a new link to its
 * page only if the repeat is the same form (anyone who learned a key must not get a page link by
 * sending it with a body of their own) and the request has links to spare. The request's row is
 * locked while its links are counted, so repeats at the same moment cannot pass the cap together.
 */
const repeatOf = (db: Db, key: string, request: ServiceRequest) =>
  db.transaction(async (tx): Promise<StoredServiceRequest | undefined> => {
    const [first] = await tx
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.idempotencyKey, key))
      .for("update");
    if (!first) return undefined;
    const answer = { id: first.id, createdAt: first.createdAt, created: false };
    if (!sameRequest(first, request)) return answer;
    const [links] = await tx
      .select({ n: count() })
      .from(requestPageLinks)
      .where(eq(requestPageLinks.serviceRequestId, first.id));
    if (Number(links?.n ?? 0) >= MAX_PAGE_LINKS_PER_REQUEST) return answer;
    const pageToken = newPageToken();
    await tx.insert(requestPageLinks).values({ serviceRequestId: first.id, tokenSha256: pageTokenHash(pageToken) });
    return { ...answer, pageToken };
  });

/** What storeNew writes besides the driver's own fields. */
interface NewRequestParts {
  key: string | null;
  source: RequestSource;
  fix: ReturnType<typeof storedFix>;
  /** The configured channels, one alert each, as one text parameter ("email,webhook"). */
  channelList: string;
  /** Whether the driver gets a confirmation e-mail. */
  confirmDriver: boolean;
  pageToken: string;
}

/**
 * The one statement (data-modifying CTEs) that stores a new request, its alerts, its rollup count and
 * its page's first link. Answers the new row, or none when the idempotency key was stored before.
 */
async function storeNew(db: Db, request: ServiceRequest, parts: NewRequestParts) {
  const { key, source, fix, channelList, confirmDriver, pageToken } = parts;
  const id = sql.identifier(serviceRequests.id.name);
  const createdAt = sql.identifier(serviceRequests.createdAt.name);
  const result = await rowsOf<{ id: number; created_at: Date | string }>(
    db,
    sql`
    with stored as (
      insert into ${serviceRequests}
        (${sql.identifier(serviceRequests.name.name)}, ${sql.identifier(serviceRequests.email.name)},
         ${sql.identifier(serviceRequests.phone.name)}, ${sql.identifier(serviceRequests.service.name)},
         ${sql.identifier(serviceRequests.pickupLocation.name)}, ${sql.identifier(serviceRequests.dropoffLocation.name)},
         ${sql.identifier(serviceRequests.vehicle.name)}, ${sql.identifier(serviceRequests.note.name)},
         ${sql.identifier(serviceRequests.idempotencyKey.name)},
         ${sql.identifier(serviceRequests.language.name)}, ${sql.identifier(serviceRequests.source.name)},
         ${sql.identifier(serviceRequests.latitude.name)}, ${sql.identifier(serviceRequests.longitude.name)},
         ${sql.identifier(serviceRequests.locationAccuracyM.name)}, ${sql.identifier(serviceRequests.locationFixedAt.name)},
         ${sql.identifier(serviceRequests.nearestTown.name)}, ${sql.identifier(serviceRequests.nearestTownKm.name)})
      values (${request.name}, ${request.email}, ${request.phone}, ${request.service},
              ${request.pickupLocation}, ${request.dropoffLocation}, ${request.vehicle ?? null}, ${request.note ?? null},
              ${key},
              ${request.language}, ${source},
              ${fix?.latitude ?? null}::double precision, ${fix?.longitude ?? null}::double precision,
              ${fix?.accuracy ?? null}::double precision, ${fix ? fix.fixedAt.toISOString() : null}::timestamptz,
              ${fix?.town ?? null}, ${fix?.km ?? null}::double precision)
      on conflict (${sql.identifier(serviceRequests.idempotencyKey.name)}) do nothing
      returning ${id}, ${createdAt}, service, nearest_town, source
    ), counted as (${countStoredRequest(sql.raw("stored"))}
    ), alerts as (
      insert into ${alertOutbox}
        (${sql.identifier(alertOutbox.serviceRequestId.name)}, ${sql.identifier(alertOutbox.channel.name)},
         ${sql.identifier(alertOutbox.kind.name)})
      select stored.id, channel, 'new_request' from stored, unnest(string_to_array(${channelList}::text, ',')) as channel
      union all
      select stored.id, 'email', 'driver_confirmation' from stored where ${confirmDriver}::boolean
    ), link as (
      insert into ${requestPageLinks}
        (${sql.identifier(requestPageLinks.serviceRequestId.name)}, ${sql.identifier(requestPageLinks.tokenSha256.name)})
      select stored.id, ${pageTokenHash(pageToken)} from stored
    )
    select id, created_at from stored`,
  );
  return result[0];
}

/**
 * Writing service requests. One statement stores the request, one pending alert per configured
 * channel, the driver's confirmation e-mail when e-mail is configured, and the hash of the request
 * page's first link (data-modifying CTEs): it commits or fails as a whole, so no crash can leave a
 * stored request without its alerts or its page, and it costs one round trip like a bare insert.
 * Resolves after the commit. The one read is of a request by its idempotency key, to answer a repeat
 * (repeatOf).
 */
export function serviceRequestWriter(
  db: Db,
  channels: readonly AlertChannel[] = [],
  towns: readonly Town[] = [],
  source: RequestSource = "web",
) {
  return async function store(request: ServiceRequest, idempotencyKey?: string): Promise<StoredServiceRequest> {
    const key = idempotencyKey ?? null;
    const pageToken = newPageToken();
    const row = await storeNew(db, request, {
      key,
      source,
      fix: storedFix(request, towns),
      // Read at each request: the installation's channels change as servers come and go (app.alerts.channels).
      // The channel names come from the configuration, never from a visitor; one text parameter.
      channelList: channels.join(","),
      // Every driver gave an e-mail (the form requires one): with e-mail sent, each gets a confirmation.
      confirmDriver: channels.includes("email"),
      pageToken,
    });
    if (row) return { id: Number(row.id), createdAt: new Date(row.created_at), created: true, pageToken };
    // The key was stored before (or by a try running at the same moment, committed since this
    // statement began: a new statement sees it).
    const repeat = key === null ? undefined : await repeatOf(db, key, request);
    if (!repeat) throw new Error("The insert returned no row");
    return repeat;
  };
}

/**
 * The position as stored: whole or nothing (the schema refused a partial one), the time of the fix the
 * phone's or, when the client left it out, now, and the nearest town worked out here.
 */
export function storedFix(
  request: Pick<ServiceRequest, "latitude" | "longitude" | "accuracy" | "fixedAt">,
  towns: readonly Town[],
  now = new Date(),
) {
  const { latitude, longitude, accuracy } = request;
  if (latitude === undefined || longitude === undefined || accuracy === undefined) return undefined;
  const near = nearestTown({ latitude, longitude }, towns);
  return { latitude, longitude, accuracy, fixedAt: request.fixedAt ?? now, town: near?.town, km: near?.km };
}
