import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cancelledByDriverMessage, deskIdParamsSchema, statusLabels } from "../../../src/shared/desk-schema";
import type { Town } from "../../../src/shared/nearest-town";
import {
  type DeskOffers,
  deskVehicleSchema,
  offersQuerySchema,
  type PartnerInput,
  partnerInputSchema,
  partnerReportQuerySchema,
  sendOffersSchema,
} from "../../../src/shared/partner-schema";
import type { Db } from "../../db/client";
import { serviceRequests } from "../../db/schema";
import { type HostResolver, systemResolver } from "../../shared/endpoint-address";
import { checkAddress } from "../../shared/pinned-post";
import type { PushEndpointRule } from "../../shared/public-endpoint";
import { deskActor, deskRefusals, noSuchRequest } from "../desk/signed-in";
import { setDeskVehicle } from "../service-requests/changes";
import { jobTown, offersOf, type SendOffersResult, sendOffers } from "./offering";
import { partnerReport, partnerReportCsv, reportPeriod } from "./report";
import { businessDay, candidates, canonicalTowns, partnerStore, serviceSlugOf, toDeskPartner } from "./store";

export interface PartnerRouteOptions {
  db: Db;
  /** The towns the site serves (the area pages): a partner's towns and an offer's town must be one of them. */
  towns: readonly Town[];
  /** OFFER_TIMEOUT_MINUTES. */
  offerTimeoutMinutes: number;
  /** The clock offers are stamped and expire by, and "today" for insurance dates; tests move it. */
  now?: () => Date;
  /**
   * Where partners' webhooks may be posted (the alert worker's rule: public https hosts; tests allow
   * this machine), and how names resolve: an address the worker would refuse is refused when entered.
   */
  webhookRule?: PushEndpointRule;
  resolveHost?: HostResolver;
}

export const WEBHOOK_NOT_PUBLIC =
  "webhookUrl: The webhook address must be a public https address on the internet, not this server, a private " +
  "network or a reserved address (such as 127.0.0.1, 10.0.0.1 or 169.254.169.254), nor a name that leads to one. " +
  "Ask the partner for the public address their dispatch system takes events at.";

const NO_SUCH_PARTNER = "There is no such partner (they may have been removed): reload the partners list.";
const noSuchPartner = (reply: FastifyReply) => reply.code(404).send({ error: NO_SUCH_PARTNER });
const byId = { params: deskIdParamsSchema };
const servedTowns = (towns: readonly Town[]) => towns.map((t) => t.name).join(", ");

/**
 * The partners' desk API: the directory (/api/desk/partners), offering a request's job
 * (/api/desk/requests/:id/offers), the car's details for the operator (/api/desk/requests/:id/vehicle)
 * and the report (/api/desk/partners/report and .csv). Registered inside the desk's signed-in scope,
 * whose hook checks them: reads need a session, writes a session, the same origin and its CSRF token.
 */
export default async function partnerRoutes(app: FastifyInstance, opts: PartnerRouteOptions) {
  await app.register(directoryRoutes, opts);
  await app.register(reportRoutes, opts);
  await app.register(jobRoutes, opts);
}

/** The partners' directory: list, add, read, replace, change, remove. An :id that is none is no such partner. */
async function directoryRoutes(instance: FastifyInstance, opts: PartnerRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler(deskRefusals(noSuchPartner));
  const now = opts.now ?? (() => new Date());
  const store = partnerStore(opts.db);

  app.get("/api/desk/partners", async () => {
    const today = businessDay(now());
    return (await store.list()).map((row) => toDeskPartner(row, today));
  });

  app.post("/api/desk/partners", { schema: { body: partnerInputSchema } }, async (request, reply) => {
    const partnerTowns = townsOrRefusal(opts.towns, request.body, reply);
    if (!partnerTowns) return reply;
    if (!(await webhookAllowed(opts, request.body.webhookUrl, reply))) return reply;
    const row = await store.create(request.body, partnerTowns, now());
    request.log.info({ partnerId: row.id }, "partner added");
    return reply.code(201).send(toDeskPartner(row, businessDay(now())));
  });

  app.get("/api/desk/partners/:id", { schema: byId }, async (request, reply) => {
    const row = await store.get(request.params.id);
    return row ? toDeskPartner(row, businessDay(now())) : noSuchPartner(reply);
  });

  /** PUT replaces the whole partner (the edit form); PATCH changes the fields it names (pause, say). */
  const update = partnerUpdater(opts, store, now);
  const partialInput = partnerInputSchema.partial();
  app.put("/api/desk/partners/:id", { schema: { ...byId, body: partnerInputSchema } }, (request, reply) =>
    update(request.params.id, request.body, reply),
  );
  app.patch("/api/desk/partners/:id", { schema: { ...byId, body: partialInput } }, (request, reply) =>
    update(request.params.id, request.body, reply),
  );

  app.delete("/api/desk/partners/:id", { schema: byId }, async (request, reply) => {
    const { id } = request.params;
    const outcome = await store.remove(id);
    if (outcome === "missing") return noSuchPartner(reply);
    if (outcome === "offered") {
      return reply.code(409).send({
        error:
          "This partner has been offered jobs, and the report and the requests' history name them: pause them instead.",
      });
    }
    request.log.info({ partnerId: id }, "partner removed");
    return reply.code(204).send();
  });
}

/** The input's towns as the server spells them, or a 400 naming those it does not serve. */
function townsOrRefusal(towns: readonly Town[], input: PartnerInput, reply: FastifyReply) {
  const checked = canonicalTowns(input.towns, towns);
  if ("towns" in checked) return checked.towns;
  void reply.code(400).send({
    error: `towns: ${checked.unknown.join(", ")} ${checked.unknown.length === 1 ? "is" : "are"} not a town we serve. Choose from: ${servedTowns(towns)}.`,
  });
  return undefined;
}

/**
 * True when the webhook address may be stored: none, or one the alert worker would post to (the same
 * check: the address itself, then every address its name resolves to). A name that does not resolve
 * yet is taken (the partner may still be setting it up); it is checked again before each post.
 */
async function webhookAllowed(opts: PartnerRouteOptions, webhookUrl: string | null | undefined, reply: FastifyReply) {
  if (!webhookUrl) return true;
  const where = await checkAddress(new URL(webhookUrl), opts.webhookRule ?? {}, opts.resolveHost ?? systemResolver);
  if (!("refused" in where)) return true;
  void reply.code(400).send({ error: WEBHOOK_NOT_PUBLIC });
  return false;
}

/** Changes a stored partner: the fields given over the stored ones, checked like a new partner's. */
function partnerUpdater(opts: PartnerRouteOptions, store: ReturnType<typeof partnerStore>, now: () => Date) {
  return async (id: number, body: Partial<PartnerInput>, reply: FastifyReply) => {
    const current = await store.get(id);
    if (!current) return noSuchPartner(reply);
    const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const input: PartnerInput = { ...toDeskPartner(current, ""), ...defined };
    const partnerTowns = townsOrRefusal(opts.towns, input, reply);
    if (!partnerTowns) return reply;
    // The address given now; one stored before this check is left to the worker's (a pause must not fail on it).
    if (!(await webhookAllowed(opts, body.webhookUrl, reply))) return reply;
    const row = await store.update(id, input, partnerTowns, now());
    if (!row) return noSuchPartner(reply);
    reply.log.info({ partnerId: id }, "partner changed");
    return toDeskPartner(row, businessDay(now()));
  };
}

/** The partners' report, as JSON for the page and as a CSV file. */
async function reportRoutes(instance: FastifyInstance, opts: PartnerRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const byPeriod = { schema: { querystring: partnerReportQuerySchema } };
  app.get("/api/desk/partners/report", byPeriod, async (request) =>
    partnerReport(db, reportPeriod(request.query, now())),
  );

  app.get("/api/desk/partners/report.csv", byPeriod, async (request, reply) => {
    const report = await partnerReport(db, reportPeriod(request.query, now()));
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="partners-${report.from}-to-${report.to}.csv"`)
      .send(partnerReportCsv(report));
  });
}

/** A request's job: the offers on it and whom it could go to, offering it, and the car's details. */
async function jobRoutes(instance: FastifyInstance, opts: PartnerRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, towns } = opts;
  const now = opts.now ?? (() => new Date());

  /** The offers on a request and whom it could be offered to now. */
  async function deskOffers(requestId: number, chosenTown: string | undefined): Promise<DeskOffers | undefined> {
    const [request] = await db
      .select({ service: serviceRequests.service, nearestTown: serviceRequests.nearestTown })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, requestId));
    if (!request) return undefined;
    const town = jobTown(request.nearestTown, chosenTown);
    const slug = serviceSlugOf(request.service);
    const today = businessDay(now());
    const offers = await offersOf(db, requestId);
    // A partner who holds an open offer on this job is waiting to answer, not a candidate again.
    const holding = new Set(offers.filter((o) => o.state === "offered").map((o) => o.partnerId));
    const list = town && slug ? await candidates(db, slug, town, today) : [];
    return {
      town: request.nearestTown,
      offers,
      candidates: list.filter((row) => !holding.has(row.id)).map((row) => toDeskPartner(row, today)),
    };
  }

  /** The owner's town, checked against the towns served; undefined when none was given. */
  const chosenTownOf = (town: string | undefined, reply: FastifyReply): string | undefined | false => {
    if (town === undefined) return undefined;
    const checked = canonicalTowns([town], towns);
    if ("towns" in checked) return checked.towns[0];
    void reply.code(400).send({ error: `town: we do not serve ${town}. Choose from: ${servedTowns(towns)}.` });
    return false;
  };

  app.get(
    "/api/desk/requests/:id/offers",
    { schema: { ...byId, querystring: offersQuerySchema } },
    async (request, reply) => {
      const town = chosenTownOf(request.query.town, reply);
      if (town === false) return reply;
      const answer = await deskOffers(request.params.id, town);
      return answer ?? noSuchRequest(reply);
    },
  );

  app.post("/api/desk/requests/:id/offers", { schema: { ...byId, body: sendOffersSchema } }, async (request, reply) => {
    const { id } = request.params;
    const town = chosenTownOf(request.body.town, reply);
    if (town === false) return reply;
    const result = await sendOffers(db, {
      requestId: id,
      partnerIds: request.body.partnerIds,
      town,
      actor: deskActor(request),
      now: now(),
      timeoutMinutes: opts.offerTimeoutMinutes,
    });
    if (result.kind !== "sent") return refuseOffers(reply, id, result, towns);
    await app.domainEvents.emit("offers.sent", { requestId: id });
    request.log.info({ serviceRequestId: id, offers: result.offerIds.length }, "job offered to partners");
    return reply.code(201).send(await deskOffers(id, town));
  });

  app.post(
    "/api/desk/requests/:id/vehicle",
    { schema: { ...byId, body: deskVehicleSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await setDeskVehicle(db, id, request.body, deskActor(request), now());
      if (result === undefined) return noSuchRequest(reply);
      if ("cancelledByDriver" in result) return reply.code(409).send({ error: cancelledByDriverMessage(id) });
      return result;
    },
  );
}

/** Why offers were not sent, said so the owner knows what to do next. */
function refuseOffers(
  reply: FastifyReply,
  id: number,
  result: Exclude<SendOffersResult, { kind: "sent" }>,
  towns: readonly Town[],
) {
  switch (result.kind) {
    case "missing":
      return noSuchRequest(reply);
    case "cancelled":
      return reply.code(409).send({ error: cancelledByDriverMessage(id) });
    case "ended":
      return reply.code(409).send({
        error: `Service request #${id} is ${statusLabels[result.status].toLowerCase()}: set it back to New or Contacted before offering it.`,
      });
    case "taken":
      return reply.code(409).send({
        error: `${result.companyName} already accepted service request #${id}: it can no longer be offered.`,
      });
    case "needs_town":
      return reply.code(400).send({
        error: `town: the driver sent no location, so choose the town to offer the job in (${servedTowns(towns)}).`,
      });
    case "no_service":
      return reply.code(409).send({ error: `Service request #${id} names no service partners can take.` });
    case "not_candidates":
      return reply.code(409).send({
        error:
          "partnerIds: some of these partners cannot be offered this job now (paused, insurance past or unknown, or they do not take this service or town). Reload the list and choose again.",
      });
    case "already_offered":
      return reply.code(409).send({
        error: `${result.companyNames.join(", ")} already ${result.companyNames.length === 1 ? "has" : "have"} an open offer on this job: wait for the answer or for it to expire.`,
      });
  }
}
