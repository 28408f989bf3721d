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
 * GET /api/request/{token}/events (Server-Sent Events with the live part, sent at once and at every
 * change; open streams are capped per client and per process: past the cap, 429 with Retry-After) and
 * GET /api/request/{token}/state (the live part once, as JSON, for a page whose stream was refused).
 */
export default async function streamRoutes(app: FastifyInstance, opts: StreamRouteOptions) {
  const { link } = opts;
  /** How each open event stream is ended, for the server's stop (they would otherwise hold its close). */
  const endings = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const end of [...endings]) end();
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/api/request/*", { schema: { params: privateLinkRestSchema } }, async (request, reply) => {
    const events = apiPath(request.params["*"], "/events");
    if (!events.known) return sendState(request, reply, request.params["*"], opts);
    const stream = reply.raw;
    // Listened for from the start: a driver who leaves while the token is looked up closes the
    // connection before any stream exists, and a "close" already past is never heard again.
    let left = stream.destroyed;
    const onLeft = () => {
      left = true;
    };
    const slot = opts.streams.take(clientKey(request));
    if ("refused" in slot) return refuseStream(request, reply, slot.refused, opts);
    stream.once("close", onLeft);
    /**
     * Everything a stream holds, given back once however it ends: the driver leaves, the request is
     * gone, the server stops, or the driver left before it opened. Filled in as the stream gets them.
     */
    let heartbeat: NodeJS.Timeout | undefined;
    let unfollow: (() => void) | undefined;
    /** Set once this handler writes the stream itself; before that Fastify answers (404, 429). */
    let streaming = false;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unfollow?.();
      endings.delete(end);
      stream.off("close", onLeft);
      slot.release();
      if (streaming && !stream.writableEnded && !stream.destroyed) stream.end();
    };
    // Nothing is written to a stream that ended or whose driver left (a write after end() throws).
    const write = (chunk: string) => {
      if (ended || stream.writableEnded || stream.destroyed) return;
      stream.write(chunk);
    };

    let row: PageRow | undefined;
    try {
      if (await link.overLimit(request, reply, events.token, false)) {
        end();
        return reply;
      }
      if (left) {
        end();
        reply.hijack();
        return;
      }
      row = await link.find(events.token);
    } catch (error) {
      end();
      throw error;
    }
    if (!row) {
      end();
      return link.notFound(request, reply, false);
    }
    reply.hijack();
    streaming = true;
    if (left) return end();

    endings.add(end);
    stream.once("close", end);
    const stop = streamTo(reply, row, opts, write, () => end());
    heartbeat = stop.heartbeat;
    unfollow = stop.unfollow;
  });
}

/** Opens the stream for the request found: the live part now, then at each change, and a heartbeat. */
function streamTo(
  reply: FastifyReply,
  row: PageRow,
  opts: StreamRouteOptions,
  write: (chunk: string) => void,
  end: () => void,
) {
  const stream = reply.raw;
  stream.writeHead(200, {
    // The security headers already set for this request (helmet's), and this page's own.
    ...(reply.getHeaders() as Record<string, string>),
    ...PRIVATE_PAGE_HEADERS,
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Content-Type": "text/event-stream; charset=utf-8",
    // A proxy (nginx) must pass each event on as it comes, not collect the stream.
    "X-Accel-Buffering": "no",
    Connection: "keep-alive",
  });
  let sent = "";
  const send = (state: RequestPageLive) => {
    const data = JSON.stringify(state);
    if (data === sent) return;
    sent = data;
    write(`event: ${REQUEST_EVENT_STATE}\ndata: ${data}\n\n`);
  };
  // How long the browser waits before it connects again after a lost connection.
  write("retry: 3000\n\n");
  send(opts.live(row));
  // A ping the page can tell a live stream by (a comment would not reach its script), and traffic
  // that keeps idle-connection timeouts of proxies and of this server from closing the stream.
  const heartbeat = setInterval(
    () => write("event: ping\ndata: {}\n\n"),
    opts.heartbeatMs ?? REQUEST_EVENTS_HEARTBEAT_MS,
  );
  heartbeat.unref();
  const unfollow = opts.feed.follow(row.id, (current) => {
    if (current) return send(opts.live(current));
    write(`event: ${REQUEST_EVENT_GONE}\ndata: {}\n\n`);
    end();
  });
  return { heartbeat, unfollow };
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
