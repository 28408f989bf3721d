import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Db } from "../db/client";

/** What the feed is told: a request changed somewhere, and whether such changes are pushed to it now. */
export interface ChangeHandlers {
  changed(): void;
  pushedNow(pushed: boolean): void;
}

/**
 * How the driver pages' feed hears of changes made by other processes. While `pushed` is true every
 * change is announced to it and it need not poll; while false (PGlite, or the notification connection
 * is down) it polls the database as before.
 */
export interface RequestChanges {
  readonly pushed: boolean;
  /** A request changed through this process: tell the others. */
  announce(): void;
  subscribe(handlers: ChangeHandlers): void;
  close(): Promise<void>;
}

/** PGlite: one process owns the database, so its own wake-up is all there is; nothing is pushed. */
export const inProcessChanges: RequestChanges = {
  pushed: false,
  announce() {},
  subscribe() {},
  close: async () => {},
};

/**
 * The channel of one schema's changes. Several sites (and the tests, a schema per file) may share one
 * database: a channel per schema keeps them from waking each other. PostgreSQL refuses channel names of
 * 64 bytes or more, so a long schema name is replaced by its hash.
 */
export function changeChannelOf(schema: string): string {
  const name = `towing_live:${schema}`;
  return Buffer.byteLength(name) < 64
    ? name
    : `towing_live:${createHash("sha256").update(schema).digest("hex").slice(0, 32)}`;
}

interface PostgresChangeOptions {
  db: Db;
  schema: string;
  /** A new client outside the pool: LISTEN holds its connection for as long as it listens. */
  newClient: () => pg.Client;
  log: FastifyBaseLogger;
  /** How often the listening connection is checked (a silent network never says it is gone). */
  checkEveryMs?: number;
}

const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 5_000;
const DEFAULT_CHECK_EVERY_MS = 10_000;

/**
 * LISTEN/NOTIFY on PostgreSQL: a change is announced with pg_notify on the pool, and a dedicated
 * connection listens, reconnecting with a growing pause while the database is away (the feed polls
 * meanwhile, and looks once more when the connection is back, for what it missed).
 */
export class PostgresChanges implements RequestChanges {
  private client: pg.Client | undefined;
  private handlers: ChangeHandlers | undefined;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private closed = false;
  readonly channel: string;

  constructor(private readonly options: PostgresChangeOptions) {
    this.channel = changeChannelOf(options.schema);
  }

  get pushed(): boolean {
    return this.client !== undefined;
  }

  subscribe(handlers: ChangeHandlers): void {
    this.handlers = handlers;
  }

  announce(): void {
    if (this.closed) return;
    this.options.db.execute(sql`select pg_notify(${this.channel}, '')`).catch((error: unknown) => {
      this.options.log.warn({ err: error }, "request pages: could not announce a change to the other processes");
    });
  }

  /** Connects and listens; a failure is logged and retried in the background (the feed polls meanwhile). */
  async start(): Promise<void> {
    if (this.closed || this.client) return;
    const client = this.options.newClient();
    const lost = (error?: unknown) => this.lost(client, error);
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel === this.channel) this.handlers?.changed();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    this.checkTimer = setInterval(() => this.check(client), this.options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS);
    this.checkTimer.unref();
    this.handlers?.pushedNow(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.checkTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** A query on the listening connection, with a deadline: a network gone silent is found out here. */
  private check(client: pg.Client): void {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("the listening connection did not answer")), 5_000);
    });
    Promise.race([client.query("select 1"), late])
      .catch((error: unknown) => this.lost(client, error))
      .finally(() => clearTimeout(timer));
  }

  private lost(client: pg.Client, error?: unknown): void {
    const wasListening = this.client === client;
    if (wasListening) {
      this.client = undefined;
      clearInterval(this.checkTimer);
      this.options.log.warn({ err: error }, "request pages: change notifications lost; polling until they are back");
      this.handlers?.pushedNow(false);
    }
    client.removeAllListeners("notification");
    client.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    if (!wasListening && this.client) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.start();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MOST_MS);
  }
}
