import { randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import csrfProtection from "@fastify/csrf-protection";
import session from "@fastify/session";
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type DeskSession, type DeskSignedOut, SIGN_IN_FAILED, signInSchema } from "../../../src/shared/desk-schema";
import type { Db } from "../../db/client";
import type { Counters } from "../../plugins/counters";
import { CROSS_ORIGIN_REFUSED, isSameOrigin } from "../../shared/same-origin";
import deskAccountRoutes, { type DeskAccountRouteOptions } from "./account-routes";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieFor, knownDevice } from "./device-cookie";
import { hostCookies } from "./host-cookies";
import { UNKNOWN_USER_HASH, verifyPassword } from "./passwords";
import deskRequestRoutes, { type DeskRequestRouteOptions } from "./request-routes";
import { DeskSessionStore, SESSION_IDLE_MS } from "./session-store";
import { recordSignIn, typedEmailForLog } from "./sign-in-log";
import { type SignInThrottleOptions, signInThrottle } from "./sign-in-throttle";
import { deskRefusals, SIGN_IN_NEEDED, sameToken, signedInOnly } from "./signed-in";
import { findUser, normalizeEmail } from "./users";

export interface DeskRouteOptions
  extends Omit<DeskRequestRouteOptions, "now">,
    Pick<DeskAccountRouteOptions, "pushPublicKey" | "pushEndpointRule"> {
  db: Db;
  signInThrottle: SignInThrottleOptions;
  /** The app's counters (server/plugins/counters.ts) the sign-in throttle counts in. */
  counters: Counters;
  /** The clock sessions expire by (and a request's end is stamped with); tests move it. */
  now?: () => Date;
  /**
   * Registers other features' desk routes (partners, reviews, numbers) inside the signed-in scope, so
   * its hook checks them as it checks the desk's own; they take no guard of their own to forget.
   */
  signedInFeatures?: (scope: FastifyInstance) => Promise<void>;
}

export const SESSION_COOKIE = "desk_session";
const CSRF_COOKIE = "desk_csrf";
/** Both cookies go only to the desk's API: the pages never need them. */
const COOKIE_PATH = "/api/desk";

/**
 * The cookie holds a 256-bit random id; the row it names is the proof. Signing the id would add a
 * secret to manage and no safety, so the signer passes it through.
 */
const plainSigner = {
  sign: (value: string) => value,
  unsign: (value: string) => ({ valid: true, renew: false, value }),
};

const overHttps = (request: FastifyRequest) => request.protocol === "https";

/**
 * The owner's desk API under /api/desk. Sign-in (with its token) is the only way in; every other
 * route is registered in one signed-in scope whose onRequest hook (signed-in.ts) answers 401 without
 * a live session, and 403 for a state change from another origin or without the session's CSRF token.
 */
export default async function deskRoutes(app: FastifyInstance, opts: DeskRouteOptions) {
  const now = opts.now ?? (() => new Date());
  const store = new DeskSessionStore(opts.db, now);
  await registerSession(app, store);
  app.setErrorHandler(deskRefusals());
  await app.register(signInRoutes, { ...opts, now, store });

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", signedInOnly);
    await signedIn.register(deskAccountRoutes, { ...opts, cookiePath: COOKIE_PATH, sessionCookie: SESSION_COOKIE });
    await signedIn.register(deskRequestRoutes, { ...opts, now });
    await opts.signedInFeatures?.(signedIn);
  });
}

/** Cookies, the session (kept in the database) and the sign-in form's CSRF cookie, for the desk's API only. */
async function registerSession(app: FastifyInstance, store: DeskSessionStore) {
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
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    reply.header("X-Robots-Tag", "noindex, nofollow");
    if (overHttps(request) && request.session) request.session.options({ secure: true });
  });
}

/** GET /api/desk/session and POST /api/desk/sign-in: the only desk routes open without a session. */
async function signInRoutes(
  instance: FastifyInstance,
  opts: DeskRouteOptions & { now: () => Date; store: DeskSessionStore },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, now } = opts;
  const throttle = signInThrottle(opts.counters, opts.signInThrottle);

  app.get("/api/desk/session", async (request, reply) => {
    const { userId, csrfToken: sessionToken, email } = request.session ?? {};
    if (!userId || !sessionToken) {
      // Before sign-in: a token for the sign-in form only, bound to its own cookie.
      const token = reply.generateCsrf({ secure: overHttps(request) } as Parameters<FastifyReply["generateCsrf"]>[0]);
      return reply.code(401).send({ error: SIGN_IN_NEEDED, csrfToken: token } satisfies DeskSignedOut);
    }
    return { user: { email: email ?? "unknown" }, csrfToken: sessionToken } satisfies DeskSession;
  });

  /** Sign-in takes the sign-in form's token (bound to its cookie), or a signed-in session's own (switching accounts). */
  const signInToken: preHandlerHookHandler = (request, reply, done) => {
    const sent = request.headers["x-csrf-token"];
    const own = request.session?.csrfToken;
    if (own && typeof sent === "string" && sameToken(sent, own)) done();
    else instance.csrfProtection(request, reply, done);
  };
  /** Writes come from the desk's own page (Origin or Sec-Fetch-Site), or get 403. */
  const sameOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(request)) return reply.code(403).send({ error: CROSS_ORIGIN_REFUSED });
  };

  // Origin and token before the body is checked, as for every other state change.
  app.post(
    "/api/desk/sign-in",
    { preValidation: [sameOrigin, signInToken], schema: { body: signInSchema } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
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
      const matches = await verifyPassword(request.body.password, user?.passwordHash ?? UNKNOWN_USER_HASH);
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
      return startSession(request, user, opts.store, now);
    },
  );
}

/** Starts the signed-in session: a new id and a new CSRF token, both unknown to anyone before. */
async function startSession(
  request: FastifyRequest,
  user: { id: number; email: string },
  store: DeskSessionStore,
  now: () => Date,
): Promise<DeskSession> {
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
