import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { RequestChanges } from "../../shared/change-notices";
import { type LiveRow, liveRequests } from "./store";

/** Told the request's current state at every look, or undefined once it is deleted or its link expired. */
type FeedListener = (row: LiveRow | undefined) => void;

interface RequestFeedOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How often the followed requests are read again while any page follows one and changes are not pushed. */
  intervalMs?: number;
  /** Changes made by other processes (PostgreSQL's LISTEN/NOTIFY); without it, or while down, the feed polls. */
  changes?: RequestChanges;
}

/** One look a second: a change made by any server on the database reaches an open page within about that. */
const DEFAULT_FEED_INTERVAL_MS = 1_000;
/** While changes are pushed (LISTEN/NOTIFY), the feed looks this many times less often: every 30 s by default. */
const PUSHED_LOOK_FACTOR = 30;
/** Ids per query, well under PostgreSQL's 65,535 parameters. */
const IDS_PER_QUERY = 1_000;

/**
 * What the open request pages on this server follow. At each look it reads the followed requests in
 * one query and tells each page's listener their current row, whatever the number of followers. A
 * change made by this server (the desk) wakes it at once and is announced to the other servers; on
 * PostgreSQL they hear it through LISTEN/NOTIFY (change-notices.ts) and look at once too. Polling
 * (every second while any page is open) is the fallback: on PGlite, and while the notification
 * connection is down, a change made anywhere is seen at the next look. While changes are pushed, a
 * look every 30 s remains as a safety net.
 */
export class RequestFeed {
  private readonly followers = new Map<number, Set<FeedListener>>();
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(private readonly options: RequestFeedOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULT_FEED_INTERVAL_MS;
    // Another server's change, or the notifications coming back or going away: look now either way
    // (what was missed meanwhile, or the first look of the polling that takes over).
    options.changes?.subscribe({ changed: () => this.lookNow(), pushedNow: () => this.lookNow() });
  }

  /** Follows request `id`; returns the function that stops following. */
  follow(id: number, listener: FeedListener): () => void {
    let set = this.followers.get(id);
    if (!set) {
      set = new Set();
      this.followers.set(id, set);
    }
    set.add(listener);
    this.schedule();
    return () => {
      const current = this.followers.get(id);
      current?.delete(listener);
      if (current?.size === 0) this.followers.delete(id);
    };
  }

  /** How many pages this server is streaming to. */
  get size(): number {
    let n = 0;
    for (const set of this.followers.values()) n += set.size;
    return n;
  }

  /** A request changed through this server: look now rather than at the next tick, and tell the other servers. */
  wake(): void {
    if (this.closed) return;
    this.options.changes?.announce();
    this.lookNow();
  }

  private lookNow(): void {
    if (this.closed || this.followers.size === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.look().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.lookNow();
        return;
      }
      this.schedule();
    });
  }

  /** Stops looking; the pages' streams are ended by their own close handlers. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.closed || this.timer || this.running || this.followers.size === 0) return;
    // While changes are pushed, a look now and then only as a safety net: for a link that expired with
    // time, and a change made outside the servers (by hand in psql), which nothing announces.
    const delay = this.options.changes?.pushed ? this.intervalMs * PUSHED_LOOK_FACTOR : this.intervalMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.lookNow();
    }, delay);
    this.timer.unref();
  }

  private async look(): Promise<void> {
    const ids = [...this.followers.keys()];
    try {
      const now = this.options.now();
      for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
        const batch = ids.slice(i, i + IDS_PER_QUERY);
        const rows = await liveRequests(this.options.db, batch, now);
        for (const id of batch) {
          const row = rows.get(id);
          for (const listener of [...(this.followers.get(id) ?? [])]) listener(row);
        }
      }
    } catch (error) {
      // The next look tries again; the pages keep what they show.
      this.options.log.error({ err: error }, "request pages: could not read the followed requests");
    }
  }
}
