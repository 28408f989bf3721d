import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Locale } from "../../../src/i18n/locales";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { privateLinkRestSchema } from "../../../src/shared/private-link-schema";
import {
  REQUEST_EVENT_GONE,
  REQUEST_EVENT_STATE,
  REQUEST_EVENTS_HEARTBEAT_MS,
  REQUEST_STREAM_RETRY_MS,
  type RequestPageLive,
} from "../../../src/shared/request-page";
import { clientKey } from "../../plugins/client-key";
import { PERMISSIONS_POLICY } from "../../plugins/security-headers";
import type { PrivateLink } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import { EventStream } from "./event-stream";
import type { RequestFeed } from "./feed";
import type { LiveRow, PageRow } from "./store";
import type { OpenStreams, StreamRefusal } from "./streams";

export interface StreamRouteOptions {
  feed: RequestFeed;
  streams: OpenStreams;
  heartbeatMs?: number;
  /** The request page's private link: its limit, its lookup and its 404. */
  link: PrivateLink<PageRow>;
  live: (row: LiveRow) => RequestPageLive;
  words: Record<Locale, { streamsPerClient: (max: number) => string; streamsServer: string }>;
  askedLocale: (request: FastifyRequest) => Locale;
}

/**
 * The token of …/{token}/events or …/{token}/state: the rest of the address without its ending. The
 * route is a wildcard, so an address of any length or shape reaches the same lookup; one without the
 * ending is looked up whole, and answered 404 after it.
 */
const apiPath = (rest: string, ending: string) =>
  rest.endsWith(ending) ? { token: rest.slice(0, -ending.length), known: true } : { token: rest, known: false };

/**
 * How long a browser waits before it opens a dropped stream again (the stream's `retry:` field, so every
 * browser waits the same: their own defaults differ). A few seconds: a driver whose stream dropped (this
 * process stopping, a proxy's timeout, a phone changing networks) sees the request live again well within
 * the 15 s the page promises, and a page does not knock again and again while the server is away.
 */
const RECONNECT_AFTER_MS = 3_000;

/**
 * GET /api/request/{token}/events (Server-Sent Events with the live part, sent at once and at every
 * change; open streams are capped per client and per process: past the cap, 429 with Retry-After) and
 * GET /api/request/{token}/state (the live part once, as JSON, for a page whose stream was refused).
 */
export default async function streamRoutes(app: FastifyInstance, opts: StreamRouteOptions) {
  /** The streams open on this route, ended at the server's stop (they would otherwise hold its close). */
  const open = new Set<EventStream>();
  app.addHook("preClose", async () => {
    for (const stream of [...open]) stream.end();
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/api/request/*", { schema: { params: privateLinkRestSchema } }, async (request, reply) => {
    const events = apiPath(request.params["*"], "/events");
    if (!events.known) return sendState(request, reply, request.params["*"], opts);
    const place = opts.streams.take(clientKey(request));
    if ("refused" in place) return refuseStream(request, reply, place.refused, opts);
    const stream = new EventStream(reply.raw, place.release);
    let row: PageRow | undefined;
    try {
      row = await requestToStream(request, reply, events.token, opts.link, stream);
    } finally {
      // Answered otherwise (429, 404, an error), or the driver left: the place is given back.
      if (!row) stream.end();
    }
    if (!row || !stream.takeOver(reply)) return reply;
    open.add(stream);
    stream.hold(() => open.delete(stream));
    streamTo(reply, row, opts, stream);
  });
}

/**
 * The request a stream was asked for, or undefined when there is none to stream: the lookups are over
 * their limit (answered 429), the driver left meanwhile (nobody to answer), or no such request (404).
 */
async function requestToStream(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  link: PrivateLink<PageRow>,
  stream: EventStream,
): Promise<PageRow | undefined> {
  if (await link.overLimit(request, reply, token, false)) return undefined;
  if (stream.left) {
    reply.hijack();
    return undefined;
  }
  const row = await link.find(token);
  if (!row) link.notFound(request, reply, false);
  return row;
}

/** Opens the stream for the request found: the live part now, then at each change, and a heartbeat. */
function streamTo(reply: FastifyReply, row: PageRow, opts: StreamRouteOptions, stream: EventStream) {
  writeStreamHead(reply);
  stream.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
  const send = stateSender(stream);
  send(opts.live(row));
  stream.hold(startHeartbeat(stream, opts.heartbeatMs ?? REQUEST_EVENTS_HEARTBEAT_MS));
  const unfollow = opts.feed.follow(row.id, (current) => {
    if (current) return send(opts.live(current));
    stream.write(`event: ${REQUEST_EVENT_GONE}\ndata: {}\n\n`);
    stream.end();
  });
  stream.hold(unfollow);
}

/** The stream's 200 and its headers. */
function writeStreamHead(reply: FastifyReply) {
  reply.raw.writeHead(200, {
    // The security headers already set for this request (helmet's), and this page's own.
    ...(reply.getHeaders() as Record<string, string>),
    ...PRIVATE_PAGE_HEADERS,
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Content-Type": "text/event-stream; charset=utf-8",
    // A proxy (nginx) must pass each event on as it comes, not collect the stream.
    "X-Accel-Buffering": "no",
    Connection: "keep-alive",
  });
}

/** Sends a live part as a "state" event, unless it is the one sent last (the feed wakes for any change). */
function stateSender(stream: EventStream) {
  let sent = "";
  return (state: RequestPageLive) => {
    const data = JSON.stringify(state);
    if (data === sent) return;
    sent = data;
    stream.write(`event: ${REQUEST_EVENT_STATE}\ndata: ${data}\n\n`);
  };
}

/**
 * A ping the page can tell a live stream by (a comment would not reach its script), and traffic that
 * keeps idle-connection timeouts of proxies and of this server from closing the stream. Returns its stop.
 */
function startHeartbeat(stream: EventStream, everyMs: number) {
  const heartbeat = setInterval(() => stream.write("event: ping\ndata: {}\n\n"), everyMs);
  heartbeat.unref();
  return () => clearInterval(heartbeat);
}

/** The live part once, as JSON: what a page reads for itself while it cannot hold a stream open. */
async function sendState(request: FastifyRequest, reply: FastifyReply, rest: string, opts: StreamRouteOptions) {
  const state = apiPath(rest, "/state");
  const row = await opts.link.open(request, reply, state.token, false);
  if (!row) return reply;
  if (!state.known) return opts.link.notFound(request, reply, false);
  return reply.headers(PRIVATE_PAGE_HEADERS).send({ live: opts.live(row) });
}

/**
 * Refuses a stream the caps leave no place for, before any lookup: 429, with when to try again
 * (the page reads the state for itself meanwhile, so it still updates).
 */
function refuseStream(request: FastifyRequest, reply: FastifyReply, refused: StreamRefusal, opts: StreamRouteOptions) {
  const seconds = REQUEST_STREAM_RETRY_MS / 1000;
  const said = opts.words[opts.askedLocale(request)];
  const message = refused === "client" ? said.streamsPerClient(opts.streams.limits.maxPerClient) : said.streamsServer;
  return reply
    .code(429)
    .header("Retry-After", String(seconds))
    .headers(PRIVATE_PAGE_HEADERS)
    .send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
}
