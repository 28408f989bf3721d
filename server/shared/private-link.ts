import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ZodIssue, z } from "zod";
import { type Locale, locales, preferredLocale } from "../../src/i18n/locales";
import { fill, ui } from "../../src/i18n/ui";
import type { ApiRefusal } from "../../src/shared/api-refusal";
import { privateLinkParamsSchema, privateLinkRestSchema } from "../../src/shared/private-link-schema";
import { site } from "../../src/shared/site";
import type { RateLimitOptions } from "../config";
import { isFormPost } from "../form-post";
import { sendFilledPage } from "../http-encoding";
import { clientKey } from "../plugins/client-key";
import { pageTokenHash } from "./page-tokens";
import { PRIVATE_PAGE_HEADERS } from "./private-page-headers";
import { fromOwnPrivatePage } from "./same-origin";
import { zodIssuesOf } from "./schema-errors";

/**
 * A private link (/request/{token}, /offer/{token}, /here/{token}) opens one thing to whoever holds its
 * token, and tells nothing to anyone else. Every kind looks its token up the same way, here:
 * - each lookup counts against the client's limit before it is made (429 past it, with Retry-After);
 * - the token is hashed whatever its shape (page-tokens.ts), and the feature's lookup finds what the
 *   hash opens: one hash and one query for a real token, a malformed one or an over-long one alike;
 * - an unknown, malformed, expired or deleted token gets the one 404, the same for every kind of link:
 *   the site's 404 page for a page, else one JSON refusal, in the browser's language (nothing of the
 *   link's is known to say it in the link's own).
 * Every answer carries the private page's headers. A post answering a link (`answer`) comes from the
 * link's own page (else 403), then counts and looks up the same way; a refused body gets the one 400
 * shape (`sendRefusal`: a page for a form post, else JSON naming the fields). Each feature keeps only its
 * lookup, its words, its page and its own action.
 */
export interface PrivateLinkOptions<Found> {
  /** The name its lookups are counted under: each kind of link has its own count. */
  counter: string;
  rateLimit: RateLimitOptions;
  /** The clock links expire by; tests move it. */
  now: () => Date;
  /** What the token's hash opens at `now`, or undefined (expired and deleted links open nothing). */
  find: (tokenSha256: string, now: Date) => Promise<Found | undefined>;
  /** The feature's words for a client over its limit: when to try again, and the phone. */
  tooMany: (request: FastifyRequest, seconds: number) => string;
  /**
   * The feature's page saying so, for a page or a form post without JavaScript, with the way back to
   * the link's page (`token`); without one, every 429 is JSON.
   */
  tooManyPage?: (request: FastifyRequest, message: string, token: string) => string;
}

export interface PrivateLink<Found> {
  /**
   * The limit, then the lookup: what the token opens (kept for `openedBy`), or undefined once the 429 or
   * the 404 is sent. `page` says which the answer is: a page (or a form post), or JSON.
   */
  open(request: FastifyRequest, reply: FastifyReply, token: string, page: boolean): Promise<Found | undefined>;
  /** Counts one lookup; sends the 429 and returns true when over the limit. */
  overLimit(request: FastifyRequest, reply: FastifyReply, token: string, page: boolean): Promise<boolean>;
  /** The lookup alone, for a route that counts first and does something between (the event stream). */
  find(token: string): Promise<Found | undefined>;
  /** The one 404: the site's 404 page, or the JSON refusal. */
  notFound(request: FastifyRequest, reply: FastifyReply, page: boolean): FastifyReply;
  /**
   * GET `url` (a wildcard, "/offer/*"): the link's page. The token is the rest of the address, declared
   * by the shared schema; `send` answers what it opens, and anything else gets the 429 or the one 404.
   */
  page(
    url: string,
    send: (found: Found, token: string, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ): void;
  /** What `open` found for this request: for a handler after a preValidation that opened the link. */
  openedBy(request: FastifyRequest): Found;
  /**
   * POST `url` ("/api/offer/:token/accept", or a wildcard "/api/here/*"): an answer to the link. Before
   * the body is checked (preValidation): from the link's own page (403), then the limit (429) and the
   * lookup (the one 404), then the feature's `check`; then the body's schema (the feature's 400), and
   * `handler` with what the token opened.
   */
  answer<Body extends z.ZodTypeAny>(url: string, answer: LinkAnswer<Found, Body>): void;
  /**
   * Any other POST under `url` (a wildcard): the same origin check and the same lookup of the token
   * `tokenOf` reads in the rest of the address, then the one 404, so no address answers sooner.
   */
  otherAnswers(url: string, crossSite: (request: FastifyRequest) => string, tokenOf?: (rest: string) => string): void;
}

/** A refusal of an answer: a page for a form post (`page`), else JSON with the fields a 400 names. */
export interface Refusal {
  status: 400 | 403 | 409;
  message: string;
  fields?: Record<string, string>;
  page?: string;
  /** What the link's page shows now, beside a JSON refusal (the offer's state, the request's live view). */
  state?: Record<string, unknown>;
}

/** A body its schema refused, said in the link's language: a 400 naming its fields. */
export type BadBody = Omit<Refusal, "status"> & { fields: Record<string, string> };

export interface LinkAnswer<Found, Body extends z.ZodTypeAny> {
  body: Body;
  bodyLimit?: number;
  /** Whether the post is answered with a page (a form without JavaScript) or JSON; a form post by default. */
  asPage?: (request: FastifyRequest) => boolean;
  /**
   * A post from another site: refused (403, JSON) `before` the lookup, in the browser's language; or,
   * for a page whose form is answered with the page itself, `after` it, in the link's language.
   */
  crossSite:
    | { before: (request: FastifyRequest) => string }
    | { after: (found: Found, request: FastifyRequest) => Refusal };
  /** After the lookup: why what the token opened takes no answer (an ended request's 409), or undefined. */
  check?: (found: Found, request: FastifyRequest) => Refusal | undefined;
  /** The body's schema refused it (its English issues): the 400, in the link's language. */
  refuse: (issues: ZodIssue[], found: Found, request: FastifyRequest, token: string) => BadBody;
  handler: (
    found: Found,
    token: string,
    request: FastifyRequest<{ Body: z.output<Body> }>,
    reply: FastifyReply,
  ) => Promise<FastifyReply>;
}

const refusalNames = {
  400: { error: "Bad Request", code: "invalid_fields" },
  403: { error: "Forbidden", code: "refused" },
  409: { error: "Conflict", code: "conflict" },
} as const;

/** Sends a refused answer as JSON (with the fields of a 400). */
export function sendJsonRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  const { error, code } = refusalNames[refusal.status];
  const fields = refusal.fields ? { fields: refusal.fields } : {};
  return reply
    .code(refusal.status)
    .headers(PRIVATE_PAGE_HEADERS)
    .send({ error, message: refusal.message, code, ...fields, ...refusal.state } satisfies ApiRefusal);
}

/**
 * Sends a refused answer: its page for a form post that has one (compressed: a page opened from a
 * texted link carries its stylesheet), else JSON.
 */
export async function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  asPage: boolean,
): Promise<FastifyReply> {
  if (!asPage || refusal.page === undefined) return sendJsonRefusal(reply, refusal);
  return sendFilledPage(request, reply.code(refusal.status).headers(PRIVATE_PAGE_HEADERS), refusal.page);
}

/** The token of a route's address: its :token, or the rest of a wildcard's. */
const tokenOfRequest = (request: FastifyRequest) => {
  const params = request.params as { token?: string; "*"?: string };
  return params.token ?? params["*"] ?? "";
};

/** The JSON 404 in each language: the same bytes for every kind of link and every reason. */
const notFoundMessages = Object.fromEntries(
  locales.map((locale) => {
    const callUs = fill(ui[locale].refusal.callUs, { phone: site.phone.display });
    return [locale, fill(ui[locale].refusal.linkNotFound, { callUs })];
  }),
) as Record<Locale, string>;

/** The one 404 of every private link: the site's 404 page, or one JSON refusal, in the browser's language. */
export function sendLinkNotFound(request: FastifyRequest, reply: FastifyReply, page: boolean): FastifyReply {
  const locale = preferredLocale(request.headers["accept-language"]);
  reply.headers(PRIVATE_PAGE_HEADERS).header("Vary", "Accept-Language");
  if (page) return reply.sendNotFoundPage(locale);
  return reply
    .code(404)
    .send({ error: "Not Found", message: notFoundMessages[locale], code: "not_found" } satisfies ApiRefusal);
}

/** One kind of private link on `app` (whose counters it counts with). */
export function privateLink<Found>(app: FastifyInstance, opts: PrivateLinkOptions<Found>): PrivateLink<Found> {
  const opened = new WeakMap<FastifyRequest, Found>();
  const overLimit = async (request: FastifyRequest, reply: FastifyReply, token: string, page: boolean) => {
    const count = await app.counters.incr(`${opts.counter}:${clientKey(request)}`, opts.rateLimit.timeWindowMs);
    if (count.current <= opts.rateLimit.max) return false;
    const seconds = Math.max(1, Math.ceil(count.ttlMs / 1000));
    reply.code(429).header("Retry-After", String(seconds)).headers(PRIVATE_PAGE_HEADERS);
    const message = opts.tooMany(request, seconds);
    if (page && opts.tooManyPage) {
      reply.type("text/html; charset=utf-8").send(opts.tooManyPage(request, message, token));
    } else reply.send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
    return true;
  };
  const find = (token: string) => opts.find(pageTokenHash(token), opts.now());
  const openedBy = (request: FastifyRequest) => {
    const found = opened.get(request);
    // A handler runs only after its preValidation opened the link: anything else is a wiring mistake.
    if (found === undefined) throw new Error(`No ${opts.counter} link was opened for this request.`);
    return found;
  };
  const open = async (request: FastifyRequest, reply: FastifyReply, token: string, page: boolean) => {
    if (await overLimit(request, reply, token, page)) return undefined;
    const found = await find(token);
    if (!found) {
      sendLinkNotFound(request, reply, page);
      return undefined;
    }
    opened.set(request, found);
    return found;
  };
  return {
    overLimit,
    find,
    open,
    notFound: sendLinkNotFound,
    page(url, send) {
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(url, { schema: { params: privateLinkRestSchema } }, async (request, reply) => {
          const token = request.params["*"];
          const found = await open(request, reply, token, true);
          return found === undefined ? reply : send(found, token, request, reply);
        });
    },
    openedBy,
    answer(url, answer) {
      answerRoute(app, { open, openedBy }, url, answer);
    },
    otherAnswers(url, crossSite, tokenOf = (rest) => rest) {
      app
        .withTypeProvider<ZodTypeProvider>()
        .post(url, { schema: { params: privateLinkRestSchema } }, async (request, reply) => {
          if (refusedCrossSite(request, reply, crossSite)) return reply;
          const page = isFormPost(request);
          if ((await open(request, reply, tokenOf(request.params["*"]), page)) === undefined) return reply;
          return sendLinkNotFound(request, reply, page);
        });
    },
  };
}

/** POST `url`: one answer to a private link (PrivateLink.answer). */
function answerRoute<Found, Body extends z.ZodTypeAny>(
  app: FastifyInstance,
  link: Pick<PrivateLink<Found>, "open" | "openedBy">,
  url: string,
  answer: LinkAnswer<Found, Body>,
) {
  const { open, openedBy } = link;
  const asPage = answer.asPage ?? isFormPost;
  const { crossSite } = answer;
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      ...(answer.bodyLimit === undefined ? {} : { bodyLimit: answer.bodyLimit }),
      schema: { params: url.endsWith("*") ? privateLinkRestSchema : privateLinkParamsSchema, body: answer.body },
      preValidation: async (request, reply) => {
        if ("before" in crossSite && refusedCrossSite(request, reply, crossSite.before)) return reply;
        const found = await open(request, reply, tokenOfRequest(request), asPage(request));
        if (found === undefined) return reply;
        const refusal =
          ("after" in crossSite && !fromOwnPrivatePage(request) ? crossSite.after(found, request) : undefined) ??
          answer.check?.(found, request);
        if (refusal) return sendRefusal(request, reply, refusal, asPage(request));
      },
      errorHandler: (error: FastifyError, request, reply) => {
        const issues = zodIssuesOf(error);
        if (!issues) throw error;
        // The body is checked only after the preValidation opened the link.
        const bad = answer.refuse(issues, openedBy(request), request, tokenOfRequest(request));
        return sendRefusal(request, reply, { status: 400, ...bad }, asPage(request));
      },
    },
    async (request, reply) =>
      // The body's schema is the answer's own: the checked body is its output.
      answer.handler(
        openedBy(request),
        tokenOfRequest(request),
        request as FastifyRequest<{ Body: z.output<Body> }>,
        reply,
      ),
  );
}

/** Refuses (403, JSON) a post that did not come from the link's own page: true once sent. */
function refusedCrossSite(request: FastifyRequest, reply: FastifyReply, words: (request: FastifyRequest) => string) {
  if (fromOwnPrivatePage(request)) return false;
  sendJsonRefusal(reply, { status: 403, message: words(request) });
  return true;
}
