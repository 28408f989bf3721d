import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client";
import { RequestFeed } from "./feed";
import { OpenStreams } from "./streams";

export interface OpenRequestPages {
  /** What the open pages follow: read again at every change a page may show, and at each tick. */
  feed: RequestFeed;
  /** The places of the pages' event streams, capped per client and per process. */
  streams: OpenStreams;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The driver pages open on this process (server/features/request-page/open-pages.ts). Absent without a database. */
    requestPages: OpenRequestPages;
    /**
     * How many event streams the driver pages hold open on this process, and how many follow the
     * feed: what /api/health reports, read without the database (a test holding it locked reads it
     * too). Absent without a database.
     */
    requestPageStats?: () => { streams: number; followers: number };
  }
}

interface OpenPagesOptions {
  db: Db;
  /** The clock links expire by; tests move it. */
  now: () => Date;
  /** How often open pages' requests are read again (default 1 s); tests shorten it. */
  intervalMs?: number;
  limits: ConstructorParameters<typeof OpenStreams>[0];
}

/**
 * The driver pages open on this process: the feed they follow (woken by the domain events of a change
 * a page may show, and by other processes' changes through live-updates) and their streams' places.
 */
async function openRequestPages(app: FastifyInstance, opts: OpenPagesOptions) {
  const feed = new RequestFeed({
    db: opts.db,
    log: app.log.child({ component: "request-pages" }),
    now: opts.now,
    intervalMs: opts.intervalMs,
    changes: app.requestChanges,
  });
  const streams = new OpenStreams(opts.limits);
  // The feed looks again at once when a request an open page may show changed (else at its next tick).
  for (const name of ["request.changed", "request.cancelled", "offer.answered"] as const) {
    app.domainEvents.on(name, () => feed.wake());
  }
  app.decorate("requestPages", { feed, streams });
  app.decorate("requestPageStats", () => ({ streams: streams.size, followers: feed.size }));
  app.addHook("onClose", async () => feed.close());
}

export default fp(openRequestPages, { name: "request-pages", dependencies: ["domain-events", "live-updates"] });
