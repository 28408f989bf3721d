import { randomBytes, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import cookie from "@fastify/cookie";
import csrfProtection from "@fastify/csrf-protection";
import session from "@fastify/session";
import { desc } from "drizzle-orm";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from "fastify";
import type { ZodError } from "zod";
import {
  cancelledByDriverMessage,
  type DeskHereLink,
  type DeskPageLink,
  type DeskPushState,
  type DeskSession,
  type DeskSignedOut,
  type DeskSignIn,
  driverMessageSchema,
  INBOX_PAGE_SIZE,
  type InboxPage,
  inboxFilterSchema,
  inboxQuerySchema,
  noteSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  SIGN_IN_FAILED,
  signInSchema,
  statusChangeSchema,
} from "../../../src/shared/desk-schema";
import type { Town } from "../../../src/shared/nearest-town";
import { requestPagePath } from "../../../src/shared/request-page";
import { site } from "../../../src/shared/site";
import type { Db } from "../../db/client";
import { type AlertChannel, deskSignIns } from "../../db/schema";
import type { Counters } from "../../plugins/counters";
import { CROSS_ORIGIN_REFUSED, isSameOrigin } from "../../shared/same-origin";
import { type PushEndpointRule, pushEndpointRefusal } from "../alerts/push-endpoint";
import { createHereLink } from "../here/store";
import numbersRoutes from "../numbers/routes";
import { replaceDeskPageLink } from "../phone-in/page-link";
import { phoneInWriter } from "../phone-in/phone-in";
import deskReviewRoutes from "../reviews/desk-routes";
import { BYTE_ORDER_MARK, csvHeader, csvRow, localTime } from "./csv";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieFor, knownDevice } from "./device-cookie";
import { hostCookies } from "./host-cookies";
import { UNKNOWN_USER_HASH, verifyPassword } from "./passwords";
import { pushSubscriptionStore } from "./push-subscriptions";
import {
  addNote,
  changeStatus,
  type DeskChange,
  deleteRequest,
  eachRequest,
  getRequest,
  listRequests,
  recentEvents,
  setDriverMessage,
} from "./requests";
import { DeskSessionStore, SESSION_IDLE_MS } from "./session-store";
import { recordSignIn, typedEmailForLog } from "./sign-in-log";
import { type SignInThrottleOptions, signInThrottle } from "./sign-in-throttle";
import { findUser, normalizeEmail } from "./users";

interface DeskRouteOptions {
  db: Db;
  signInThrottle: SignInThrottleOptions;
  /** The app's counters (server/plugins/counters.ts) the sign-in throttle counts in. */
  counters: Counters;
  /** The clock sessions expire by (and a request's end is stamped with); tests move it. */
  now?: () => Date;
  /** Told after a change a driver's page shows (status, message, deletion), so open pages hear of it at once. */
  onRequestChanged?: (id: number) => void;
  /** The VAPID public key when Web Push alerts are configured: the desk then offers to subscribe. */
  pushPublicKey?: string;
  /** Which push endpoints a subscription may name (tests allow a local push service). */
  pushEndpointRule?: PushEndpointRule;
  /** A phone-in request gets alerts on these channels, like a web one, and its nearest town from these towns. */
  alertChannels?: readonly AlertChannel[];
  /** Channels with alerts waiting that no live server can send: the inbox says so. */
  alertsWithoutSender?: () => Promise<AlertChannel[]>;
  towns?: readonly Town[];
  /** Called once a phone-in request is committed (wakes the alert worker). */
  onStored?: () => void;
  /**
   * Other features' desk routes (the partners'): registered inside the desk's context, so the session
   * and CSRF plugins cover them, and handed the same checks the desk's own routes use.
   */
  routes?: readonly DeskRoutePlugin[];
  /** Called after the owner publishes, unpublishes, hides or unhides a review (the home page reads them again). */
  onReviewsChanged?: () => void;
  /** The clock the numbers page reads "today" from; tests move it. */
  numbersNow?: () => Date;
  /** How long the numbers page's figures are kept before they are computed anew (ms; 0: never). */
  numbersFreshMs: number;
}

/** The desk's checks, for other features' desk routes: the same 401, 403 and 404 answers everywhere. */
export interface DeskAuth {
  /** Reads: a live session, or 401. */
  signedIn: { preHandler: preHandlerAsyncHookHandler };
  /** State changes: a live session (401), then same origin and the session's CSRF token (403). */
  guarded: { preHandler: preHandlerAsyncHookHandler[] };
  /** Who the history names: the signed-in desk user's e-mail. */
  actor(request: FastifyRequest): string;
  /** The :id of the path as a request id, or undefined when it cannot be one. */
  idOf(request: FastifyRequest): number | undefined;
  noSuchRequest(reply: FastifyReply): FastifyReply;
  /** A zod error as the desk's 400 message names it: the field, then what to do. */
  firstIssue(error: ZodError): string;
}
export type DeskRoutePlugin = (app: FastifyInstance, auth: DeskAuth) => Promise<void>;

export const SESSION_COOKIE = "desk_session";
const CSRF_COOKIE = "desk_csrf";
/** Both cookies go only to the desk's API: the pages never need them. */
const COOKIE_PATH = "/api/desk";
const SIGN_IN_NEEDED = "Sign in to use the desk.";
const PUSH_NOT_CONFIGURED =
  "Phone alerts are not set up on this server: set WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT.";
const CSRF_REFUSED = "This page is out of date: reload the desk and try again.";

const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/**
 * The cookie holds a 256-bit random id; the row it names is the proof. Signing the id would add a
 * secret to manage and no safety, so the signer passes it through.
 */
const plainSigner = {
  sign: (value: string) => value,
  unsign: (value: string) => ({ valid: true, renew: false, value }),
};

const firstIssue = (error: ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "request"}: ${issue.message}` : "The request is not valid.";
};

/**
 * The owner's desk API under /api/desk. Sign-in (with its token) is the only way in; every other
 * route answers 401 without a live session, and every state change needs the CSRF token as well.
 */
export default async function deskRoutes(app: FastifyInstance, opts: DeskRouteOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const store = new DeskSessionStore(db, now);

  await app.register(cookie);
  // Between the cookie parser and the session: the session and CSRF plugins see the plain names.
  app.addHook("onRequest", hostCookies([SESSION_COOKIE, CSRF_COOKIE, DEVICE_COOKIE]));
  await app.register(session, {
    secret: plainSigner,
    cookieName: SESSION_COOKIE,
    idGenerator: () => randomBytes(32).toString("base64url"),
    store,
    rolling: true,
    saveUninitialized: false,
    // Secure is decided per request below: browsers drop Secure cookies on plain http (local use).
    cookie: { path: COOKIE_PATH, httpOnly: true, sameSite: "strict", secure: false, maxAge: SESSION_IDLE_MS },
  });
  await app.register(csrfProtection, {
    sessionPlugin: "@fastify/cookie",
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: COOKIE_PATH, httpOnly: true, sameSite: "strict" },
  });
  const throttle = signInThrottle(opts.counters, opts.signInThrottle);

  const overHttps = (request: FastifyRequest) => request.protocol === "https";
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    reply.header("X-Robots-Tag", "noindex, nofollow");
    if (overHttps(request) && request.session) request.session.options({ secure: true });
  });

  const csrfToken = (request: FastifyRequest, reply: FastifyReply) =>
    reply.generateCsrf({ secure: overHttps(request) } as Parameters<FastifyReply["generateCsrf"]>[0]);

  const requireUser: preHandlerAsyncHookHandler = async (request, reply) => {
    if (!request.session?.userId) {
      await reply.code(401).send({ error: SIGN_IN_NEEDED });
    }
  };
  /** Writes come from the desk's own page (Origin or Sec-Fetch-Site), or get 403. */
  const requireSameOrigin: preHandlerAsyncHookHandler = async (request, reply) => {
    if (!isSameOrigin(request)) await reply.code(403).send({ error: CROSS_ORIGIN_REFUSED });
  };
  /**
   * The CSRF token of a signed-in session is the session's own: made at sign-in, kept with the session
   * on the server, so a token from before sign-in or from another session never passes.
   */
  const requireSessionToken: preHandlerAsyncHookHandler = async (request, reply) => {
    const sent = request.headers["x-csrf-token"];
    const expected = request.session.csrfToken;
    if (typeof sent !== "string" || !expected || !sameToken(sent, expected)) {
      await reply.code(403).send({ error: CSRF_REFUSED });
    }
  };
  /** Sign-in takes the sign-in form's token (bound to its cookie), or a signed-in session's own (switching accounts). */
  const signInToken: preHandlerHookHandler = (request, reply, done) => {
    const sent = request.headers["x-csrf-token"];
    const own = request.session?.csrfToken;
    if (own && typeof sent === "string" && sameToken(sent, own)) done();
    else app.csrfProtection(request, reply, done);
  };
  /** Every state change: a session first (401), then its origin and the session's CSRF token (403). */
  const guarded = { preHandler: [requireUser, requireSameOrigin, requireSessionToken] };
  const signedIn = { preHandler: requireUser };
  const actor = (request: FastifyRequest) => request.session.email ?? "unknown";

  app.get("/api/desk/session", async (request, reply) => {
    const { userId, csrfToken: sessionToken } = request.session ?? {};
    if (!userId || !sessionToken) {
      // Before sign-in: a token for the sign-in form only, bound to its own cookie.
      const token = csrfToken(request, reply);
      return reply.code(401).send({ error: SIGN_IN_NEEDED, csrfToken: token } satisfies DeskSignedOut);
    }
    return { user: { email: actor(request) }, csrfToken: sessionToken } satisfies DeskSession;
  });

  app.post("/api/desk/sign-in", { preHandler: [requireSameOrigin, signInToken] }, async (request, reply) => {
    const parsed = signInSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const email = normalizeEmail(parsed.data.email);
    // A browser that signed in to this account before counts its tries against itself (device-cookie.ts).
    const deviceCookie = request.cookies[DEVICE_COOKIE];
    const accountOfCookie = deviceCookie ? await findUser(db, email) : undefined;
    const device = knownDevice(deviceCookie, accountOfCookie);
    // Counted before the password is checked: parallel tries cannot all slip in under the limit.
    const limit = await throttle.take(request, email, device);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return reply
        .code(429)
        .header("Retry-After", String(limit.retryAfterSeconds))
        .send({ error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` });
    }
    const user = deviceCookie ? accountOfCookie : await findUser(db, email);
    // An unknown e-mail costs the same scrypt work as a wrong password, and gets the same answer.
    const matches = await verifyPassword(parsed.data.password, user?.passwordHash ?? UNKNOWN_USER_HASH);
    const succeeded = matches && user !== undefined;
    await recordSignIn(db, { at: now(), email: typedEmailForLog(email), succeeded, clientAddress: request.ip });
    if (!succeeded || !user) {
      request.log.info("desk sign-in failed");
      return reply.code(401).send({ error: SIGN_IN_FAILED });
    }
    await limit.refund();
    // Known from now on (a new nonce at each sign-in), for a year or until the password changes.
    reply.setCookie(DEVICE_COOKIE, deviceCookieFor(user), {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: "strict",
      secure: overHttps(request),
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    return signIn(request, user);
  });

  /** Starts the signed-in session: a new id and a new CSRF token, both unknown to anyone before. */
  async function signIn(request: FastifyRequest, user: { id: number; email: string }): Promise<DeskSession> {
    // A new id at sign-in: an id planted before (session fixation) never becomes a signed-in one.
    await request.session.regenerate();
    const data = {
      userId: user.id,
      email: user.email,
      signedInAt: now().getTime(),
      csrfToken: randomBytes(32).toString("base64url"),
    };
    Object.assign(request.session, data);
    await store.create(request.session.sessionId, data);
    request.log.info({ deskUserId: user.id }, "desk sign-in");
    return { user: { email: user.email }, csrfToken: data.csrfToken };
  }

  app.post("/api/desk/sign-out", guarded, async (request, reply) => {
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
    return reply.code(204).send();
  });

  // Web Push: the desk subscribes the owner's phone (PushSubscription.toJSON()), or unsubscribes it.
  const pushSubscriptions = pushSubscriptionStore(db);
  // The server posts to what is saved here: only to endpoints its rule allows (no local or private hosts).
  const subscriptionSchema = pushSubscriptionSchema.superRefine(({ endpoint }, ctx) => {
    const refusal = pushEndpointRefusal(endpoint, opts.pushEndpointRule);
    if (refusal) ctx.addIssue({ code: "custom", path: ["endpoint"], message: refusal });
  });
  app.get("/api/desk/push", signedIn, async () => ({ publicKey: opts.pushPublicKey ?? null }) satisfies DeskPushState);
  app.post("/api/desk/push-subscriptions", guarded, async (request, reply) => {
    if (!opts.pushPublicKey) return reply.code(409).send({ error: PUSH_NOT_CONFIGURED });
    const parsed = subscriptionSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const dropped = await pushSubscriptions.save(request.session.userId as number, parsed.data);
    request.log.info({ deskUserId: request.session.userId, dropped }, "desk push subscription saved");
    return reply.code(204).send();
  });
  app.delete("/api/desk/push-subscriptions", guarded, async (request, reply) => {
    const parsed = pushEndpointSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    await pushSubscriptions.remove(request.session.userId as number, parsed.data.endpoint);
    return reply.code(204).send();
  });

  const writePhoneIn = phoneInWriter(db, opts.alertChannels ?? [], opts.towns ?? []);
  /** A request taken on the phone: 201 with its number and the driver's page, or 400 naming each field. */
  app.post("/api/desk/requests", guarded, async (request, reply) => {
    const answer = await writePhoneIn(request.body);
    if (!answer.ok) return reply.code(400).send(answer.invalid);
    opts.onStored?.();
    request.log.info({ serviceRequestId: answer.id, source: "phone" }, "service request stored from the desk");
    return reply.code(201).send({ id: answer.id, requestPage: answer.requestPage });
  });

  /** "Ask for the location": a new /here link (24 h) for the owner to text from their own phone. */
  app.post("/api/desk/requests/:id/here-link", guarded, async (request, reply) => {
    const id = idOf(request);
    const found = id === undefined ? undefined : await getRequest(db, id);
    if (!found || id === undefined) return noSuchRequest(reply);
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
  app.post("/api/desk/requests/:id/page-link", guarded, async (request, reply) => {
    const id = idOf(request);
    const found = id === undefined ? undefined : await getRequest(db, id);
    if (!found || id === undefined) return noSuchRequest(reply);
    const token = await replaceDeskPageLink(db, id);
    return reply
      .code(201)
      .header("Cache-Control", "no-store")
      .send({ path: requestPagePath(token), language: found.request.language } satisfies DeskPageLink);
  });

  app.get("/api/desk/requests", signedIn, async (request, reply) => {
    const parsed = inboxQuerySchema.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const { page, ...filter } = parsed.data;
    const [list, alertsWithoutSender] = await Promise.all([
      listRequests(db, filter, page, INBOX_PAGE_SIZE),
      opts.alertsWithoutSender?.() ?? [],
    ]);
    return { ...list, alertsWithoutSender } satisfies InboxPage;
  });

  app.get("/api/desk/requests.csv", signedIn, async (request, reply) => {
    const parsed = inboxFilterSchema.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const filter = parsed.data;
    const zone = site.timeZone;
    // The first batch is read before the 200 goes out: a filter the database refuses is an error
    // answer, not a file cut short after its header. (The filter's values were checked above.)
    const rows = eachRequest(db, filter);
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

  const idOf = (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : undefined;
  };
  const noSuchRequest = (reply: FastifyReply) =>
    reply.code(404).send({ error: "There is no such service request (it may have been deleted)." });

  app.get("/api/desk/requests/:id", signedIn, async (request, reply) => {
    const id = idOf(request);
    const detail = id === undefined ? undefined : await getRequest(db, id);
    return detail ?? noSuchRequest(reply);
  });

  /** A change's answer: 404 for no request, 409 when the driver cancelled it, else what changed. */
  const changeAnswer = (reply: FastifyReply, id: number | undefined, result: DeskChange | undefined) => {
    if (id === undefined || result === undefined) return noSuchRequest(reply);
    if ("cancelledByDriver" in result) return reply.code(409).send({ error: cancelledByDriverMessage(id) });
    if (result.changed) opts.onRequestChanged?.(id);
    return result;
  };

  app.post("/api/desk/requests/:id/status", guarded, async (request, reply) => {
    const id = idOf(request);
    const parsed = statusChangeSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const result =
      id === undefined
        ? undefined
        : await changeStatus(db, id, parsed.data.status, actor(request), now(), opts.alertChannels);
    return changeAnswer(reply, id, result);
  });

  app.post("/api/desk/requests/:id/driver-message", guarded, async (request, reply) => {
    const id = idOf(request);
    const parsed = driverMessageSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const result =
      id === undefined ? undefined : await setDriverMessage(db, id, parsed.data.message, actor(request), now());
    return changeAnswer(reply, id, result);
  });

  app.post("/api/desk/requests/:id/notes", guarded, async (request, reply) => {
    const id = idOf(request);
    const parsed = noteSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: firstIssue(parsed.error) });
    const event = id === undefined ? undefined : await addNote(db, id, parsed.data.note, actor(request));
    return event ? reply.code(201).send(event) : noSuchRequest(reply);
  });

  app.delete("/api/desk/requests/:id", guarded, async (request, reply) => {
    const id = idOf(request);
    const deleted = id === undefined ? undefined : await deleteRequest(db, id, actor(request));
    if (!deleted || id === undefined) return noSuchRequest(reply);
    opts.onRequestChanged?.(id);
    if (deleted.reviewWasPublished) opts.onReviewsChanged?.();
    request.log.info({ serviceRequestId: id }, "service request deleted from the desk");
    return reply.code(204).send();
  });

  app.get("/api/desk/sign-ins", signedIn, async () => {
    const rows = await db.select().from(deskSignIns).orderBy(desc(deskSignIns.id)).limit(50);
    return rows.map((r): DeskSignIn => ({ ...r, at: r.at.toISOString() }));
  });

  app.get("/api/desk/activity", signedIn, async () => recentEvents(db));

  const auth: DeskAuth = { signedIn, guarded, actor, idOf, noSuchRequest, firstIssue };
  for (const plugin of opts.routes ?? []) await app.register(async (child) => plugin(child, auth));
  await app.register(deskReviewRoutes, { db, now, signedIn, guarded, onReviewsChanged: opts.onReviewsChanged });
  // The numbers page: inside this plugin, so it has the desk's session.
  await app.register(numbersRoutes, { db, requireUser, now: opts.numbersNow, freshMs: opts.numbersFreshMs });
}
