import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Locale } from "../../../src/i18n/locales";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import {
  REQUEST_EVENT_GONE,
  REQUEST_EVENT_STATE,
  REQUEST_EVENTS_HEARTBEAT_MS,
  REQUEST_STREAM_RETRY_MS,
  type RequestPageLive,
} from "../../../src/shared/request-page";
import type { Db } from "../../db/client";
import { clientKey } from "../../plugins/client-key";
import { PERMISSIONS_POLICY } from "../../plugins/security-headers";
import type { RequestFeed } from "./feed";
import { type LiveRow, type PageRow, requestByPageToken } from "./store";
import type { OpenStreams, StreamRefusal } from "./streams";

export interface StreamRouteOptions {
  db: Db;
  feed: RequestFeed;
  streams: OpenStreams;
  now: () => Date;
  heartbeatMs?: number;
  /** The private page's headers (routes.ts's REQUEST_PAGE_HEADERS). */
  headers: Record<string, string>;
  live: (row: LiveRow) => RequestPageLive;
  overLimit: (request: FastifyRequest, reply: FastifyReply, page: boolean) => Promise<boolean>;
  notFoundJson: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  words: Record<Locale, { streamsPerClient: (max: number) => string; streamsServer: string }>;
  askedLocale: (request: FastifyRequest) => Locale;
  tokenOf: (request: FastifyRequest, suffix?: string) => string;
  isApiPath: (request: FastifyRequest, suffix: string) => boolean;
}

/**
 * GET /api/request/{token}/events (Server-Sent Events with the live part, sent at once and at every
 * change; open streams are capped per client and per process: past the cap, 429 with Retry-After) and
 * GET /api/request/{token}/state (the live part once, as JSON, for a page whose stream was refused).
 */
export default async function streamRoutes(app: FastifyInstance, opts: StreamRouteOptions) {
  const { db, now, tokenOf, isApiPath, overLimit, notFoundJson } = opts;
  /** How each open event stream is ended, for the server's stop (they would otherwise hold its close). */
  const endings = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const end of [...endings]) end();
  });

  app.get("/api/request/*", async (request, reply) => {
    if (!isApiPath(request, "/events")) return sendState(request, reply, opts);
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
      if (await overLimit(request, reply, false)) {
        end();
        return reply;
      }
      if (left) {
        end();
        reply.hijack();
        return;
      }
      row = await requestByPageToken(db, tokenOf(request, "/events"), now());
    } catch (error) {
      end();
      throw error;
    }
    if (!row) {
      end();
      return notFoundJson(request, reply);
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
  const REQUEST_PAGE_HEADERS = opts.headers;
  stream.writeHead(200, {
    // The security headers already set for this request (helmet's), and this page's own.
    ...(reply.getHeaders() as Record<string, string>),
    ...REQUEST_PAGE_HEADERS,
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
async function sendState(request: FastifyRequest, reply: FastifyReply, opts: StreamRouteOptions) {
  if (await opts.overLimit(request, reply, false)) return reply;
  const row = await requestByPageToken(opts.db, opts.tokenOf(request, "/state"), opts.now());
  if (!row || !opts.isApiPath(request, "/state")) return opts.notFoundJson(request, reply);
  return reply.headers(opts.headers).send({ live: opts.live(row) });
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
    .headers(opts.headers)
    .send({ error: "Too Many Requests", message, code: "rate_limited" } satisfies ApiRefusal);
}
