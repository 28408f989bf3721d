import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  cancelledByDriverMessage,
  type DeskHereLink,
  type DeskPageLink,
  deskIdParamsSchema,
  driverMessageSchema,
  INBOX_PAGE_SIZE,
  type InboxPage,
  inboxFilterSchema,
  inboxQuerySchema,
  noteSchema,
  statusChangeSchema,
} from "../../../src/shared/desk-schema";
import type { Town } from "../../../src/shared/nearest-town";
import { requestPagePath } from "../../../src/shared/request-page";
import { serviceRequestSchemas } from "../../../src/shared/service-request-schema";
import { site } from "../../../src/shared/site";
import type { Db } from "../../db/client";
import type { AlertChannel, ServiceRequestRow } from "../../db/schema";
import { BYTE_ORDER_MARK, localTime } from "../../shared/csv";
import { createHereLink } from "../here/store";
import { replaceDeskPageLink } from "../phone-in/page-link";
import { phoneInRefusal, phoneInWriter } from "../phone-in/phone-in";
import { type DeskChange, deleteRequest, setDriverMessage } from "../service-requests/changes";
import { transition } from "../service-requests/transition";
import { addNote, eachRequest, getRequest, listRequests } from "./requests";
import { csvHeader, csvRow } from "./requests-csv";
import { deskActor, noSuchRequest } from "./signed-in";

export interface DeskRequestRouteOptions {
  db: Db;
  now: () => Date;
  /** A phone-in request gets alerts on these channels, like a web one, and its nearest town from these towns. */
  alertChannels?: readonly AlertChannel[];
  towns?: readonly Town[];
  /** Channels with alerts waiting that no live server can send: the inbox says so. */
  alertsWithoutSender?: () => Promise<AlertChannel[]>;
}

const byId = { params: deskIdParamsSchema };

/** A request the driver cancelled stays cancelled: the desk's move is refused (409), and nothing is written. */
const keepDriversCancel = (current: ServiceRequestRow) =>
  current.status === "cancelled" ? ("cancelledByDriver" as const) : undefined;

/**
 * The owner's service requests under /api/desk/requests: the inbox and its CSV, one request, its
 * changes (status, the driver's message, notes, deletion), links to text the caller, and a request
 * taken on the phone. Registered inside the desk's signed-in scope (routes.ts), which checks the
 * session, the origin and the CSRF token before any of these runs.
 */
export default async function deskRequestRoutes(instance: FastifyInstance, opts: DeskRequestRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, now } = opts;

  app.get("/api/desk/requests", { schema: { querystring: inboxQuerySchema } }, async (request) => {
    const { page, ...filter } = request.query;
    const [list, alertsWithoutSender] = await Promise.all([
      listRequests(db, filter, page, INBOX_PAGE_SIZE),
      opts.alertsWithoutSender?.() ?? [],
    ]);
    return { ...list, alertsWithoutSender } satisfies InboxPage;
  });

  app.get("/api/desk/requests.csv", { schema: { querystring: inboxFilterSchema } }, async (request, reply) => {
    const zone = site.timeZone;
    // The first batch is read before the 200 goes out: a filter the database refuses is an error
    // answer, not a file cut short after its header. (The filter's values were checked by the schema.)
    const rows = eachRequest(db, request.query);
    const first = await rows.next();
    async function* lines() {
      yield BYTE_ORDER_MARK + csvHeader(zone);
      if (first.done) return;
      yield csvRow(first.value, zone);
      for await (const row of rows) yield csvRow(row, zone);
    }
    const day = localTime(now(), zone).slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="service-requests-${day}.csv"`)
      .send(Readable.from(lines()));
  });

  app.get("/api/desk/requests/:id", { schema: byId }, async (request, reply) => {
    const detail = await getRequest(db, request.params.id);
    return detail ?? noSuchRequest(reply);
  });

  await app.register(changeRoutes, opts);
  await app.register(linkRoutes, opts);
}

/** The owner's changes to a request: status, the driver's message, notes, deletion. */
async function changeRoutes(instance: FastifyInstance, opts: DeskRequestRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, now } = opts;
  const events = app.domainEvents;

  /** A change's answer: 404 for no request, 409 when the driver cancelled it, else what changed. */
  const changeAnswer = async (reply: FastifyReply, id: number, result: DeskChange | undefined) => {
    if (result === undefined) return noSuchRequest(reply);
    if ("cancelledByDriver" in result) return reply.code(409).send({ error: cancelledByDriverMessage(id) });
    if (result.changed) await events.emit("request.changed", { requestId: id });
    return result;
  };

  app.post(
    "/api/desk/requests/:id/status",
    { schema: { ...byId, body: statusChangeSchema } },
    async (request, reply) => {
      const { id } = request.params;
      // Every move to completed queues the driver's "How did it go?" e-mail when e-mail is among the channels.
      const moved = await transition(db, {
        id,
        to: request.body.status,
        actor: deskActor(request),
        now: now(),
        alertChannels: opts.alertChannels,
        refuse: keepDriversCancel,
      });
      const result = moved && ("refused" in moved ? { cancelledByDriver: true as const } : { changed: moved.changed });
      return changeAnswer(reply, id, result);
    },
  );

  app.post(
    "/api/desk/requests/:id/driver-message",
    { schema: { ...byId, body: driverMessageSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await setDriverMessage(db, id, request.body.message, deskActor(request), now());
      return changeAnswer(reply, id, result);
    },
  );

  app.post("/api/desk/requests/:id/notes", { schema: { ...byId, body: noteSchema } }, async (request, reply) => {
    const event = await addNote(db, request.params.id, request.body.note, deskActor(request));
    return event ? reply.code(201).send(event) : noSuchRequest(reply);
  });

  app.delete("/api/desk/requests/:id", { schema: byId }, async (request, reply) => {
    const { id } = request.params;
    const deleted = await deleteRequest(db, id, deskActor(request));
    if (!deleted) return noSuchRequest(reply);
    await events.emit("request.changed", { requestId: id });
    if (deleted.reviewWasPublished) await events.emit("reviews.changed", {});
    request.log.info({ serviceRequestId: id }, "service request deleted from the desk");
    return reply.code(204).send();
  });
}

/** A request taken on the phone, and the links the owner texts a caller. */
async function linkRoutes(instance: FastifyInstance, opts: DeskRequestRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, now } = opts;

  const writePhoneIn = phoneInWriter(db, opts.alertChannels ?? [], opts.towns ?? []);
  /** A request taken on the phone: 201 with its number and the driver's page, or 400 naming each field. */
  app.post(
    "/api/desk/requests",
    // The owner reads the messages: English, whatever language the caller speaks.
    { schema: { body: serviceRequestSchemas.en }, errorHandler: phoneInRefusal },
    async (request, reply) => {
      const answer = await writePhoneIn(request.body);
      await app.domainEvents.emit("request.stored", { requestId: answer.id, source: "phone" });
      request.log.info({ serviceRequestId: answer.id, source: "phone" }, "service request stored from the desk");
      return reply.code(201).send(answer);
    },
  );

  /** "Ask for the location": a new /here link (24 h) for the owner to text from their own phone. */
  app.post("/api/desk/requests/:id/here-link", { schema: byId }, async (request, reply) => {
    const { id } = request.params;
    const found = await getRequest(db, id);
    if (!found) return noSuchRequest(reply);
    const link = await createHereLink(db, id, now());
    return reply
      .code(201)
      .header("Cache-Control", "no-store")
      .send({
        path: `/here/${link.token}`,
        expiresAt: link.expiresAt.toISOString(),
        language: found.request.language,
      } satisfies DeskHereLink);
  });

  /** The caller's own page, to text them: a fresh link that replaces the desk's earlier one (page-link.ts). */
  app.post("/api/desk/requests/:id/page-link", { schema: byId }, async (request, reply) => {
    const { id } = request.params;
    const found = await getRequest(db, id);
    if (!found) return noSuchRequest(reply);
    const token = await replaceDeskPageLink(db, id);
    return reply
      .code(201)
      .header("Cache-Control", "no-store")
      .send({ path: requestPagePath(token), language: found.request.language } satisfies DeskPageLink);
  });
}
