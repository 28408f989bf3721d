import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Windowed counters for every limit of the app (service requests, chat, desk sign-in). Each count is
 * kept in this process's memory always, and in Redis too when REDIS_URL is set, so several server
 * processes share their counts. A Redis call that fails, or takes longer than REDIS_TIMEOUT_MS (a Redis
 * that keeps the connection open but stops answering), falls back to the memory count: a limit never
 * waits on Redis for longer than that, and never turns into no limit.
 */
export const REDIS_TIMEOUT_MS = 250;

interface Count {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export type RedisState = "none" | "ok" | "degraded";

export interface Counters {
  /** Counts one hit on `key` (atomically, in Redis) and answers the count so far in its window. */
  incr(key: string, windowMs: number): Promise<Count>;
  /** The count so far without adding to it. */
  read(key: string, windowMs: number): Promise<Count>;
  /** Takes one hit back (a desk sign-in that succeeded does not use up the allowance). */
  decr(key: string): Promise<void>;
  /** "degraded" while Redis fails or is silent; "none" without Redis. */
  redisState(): Promise<RedisState>;
  /**
   * A random secret named `name`, the same for every process sharing Redis (the first to ask makes it),
   * kept for `ttlMs` and then gone; this process's own while Redis fails or without it. Never logged.
   */
  sharedSecret(name: string, ttlMs: number): Promise<string>;
}

interface Window {
  current: number;
  endsAt: number;
}

/** Counts in this process's memory; expired windows are swept as new ones open. */
class MemoryCounters {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string, at: number): Window | undefined {
    const w = this.windows.get(key);
    return w && w.endsAt > at ? w : undefined;
  }

  incr(key: string, windowMs: number): Count {
    const at = this.now();
    this.sweep(at);
    let w = this.live(key, at);
    if (!w) {
      w = { current: 0, endsAt: at + windowMs };
      this.windows.set(key, w);
    }
    w.current += 1;
    return { current: w.current, ttlMs: w.endsAt - at };
  }

  read(key: string): Count {
    const at = this.now();
    const w = this.live(key, at);
    return w ? { current: w.current, ttlMs: w.endsAt - at } : { current: 0, ttlMs: 0 };
  }

  /** Brings this count up to `current` (what Redis counted over every process), so a fallback goes on from there. */
  raise(key: string, current: number, ttlMs: number): void {
    const at = this.now();
    const w = this.live(key, at);
    if (w) w.current = Math.max(w.current, current);
    else this.windows.set(key, { current, endsAt: at + ttlMs });
  }

  decr(key: string): void {
    const w = this.live(key, this.now());
    if (w && w.current > 0) w.current -= 1;
  }

  private sweep(at: number) {
    if (at < this.nextSweep) return;
    this.nextSweep = at + 60_000;
    for (const [key, w] of this.windows) if (w.endsAt <= at) this.windows.delete(key);
  }
}

/** INCR with the window set on the first hit; answers the count and the window's time left. */
const INCR_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const READ_SCRIPT = `
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(n), ttl}`;
/** The secret already made by some process, or this one's offer of it: SET NX, then GET. */
const SECRET_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return redis.call('GET', KEYS[1])`;
const DECR_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Rejects when `promise` has not settled within `ms`. The rejection waits for the event loop's next
 * turn (setImmediate): when this process was busy past `ms`, Redis's answer may already sit in the
 * socket, and its I/O callback runs before that turn, so an answer that came in time is not taken for
 * a late one. (Timers run before I/O: a starved process read an answer waiting in the socket as
 * Redis's silence, counted in memory, and let a client through once more; the scale-out test on a
 * loaded machine.)
 */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const late = () => reject(new Error(`Redis did not answer within ${ms} ms`));
    const timer = setTimeout(() => setImmediate(late), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

interface CountersOptions {
  redis?: Redis;
  /** Key prefix in Redis. */
  prefix?: string;
  timeoutMs?: number;
  now?: () => number;
  /** Told once each time Redis goes from answering to failing (and back). */
  onRedisChange?: (state: "ok" | "degraded", error?: unknown) => void;
}

/** Scripts run in Redis with the time limit, and whether Redis answers (onRedisChange told of each change). */
function redisLink(opts: CountersOptions) {
  const { redis } = opts;
  const prefix = opts.prefix ?? "towing-rate-limit:";
  const timeoutMs = opts.timeoutMs ?? REDIS_TIMEOUT_MS;
  let degraded = false;

  const mark = (failed: boolean, error?: unknown) => {
    if (failed === degraded) return;
    degraded = failed;
    opts.onRedisChange?.(failed ? "degraded" : "ok", error);
  };

  return {
    /** The Redis answer, or undefined (and Redis marked degraded) when it fails or is late. */
    async call(script: string, key: string, ...args: (string | number)[]): Promise<unknown> {
      if (!redis) return undefined;
      try {
        const result = await within(redis.eval(script, 1, prefix + key, ...args), timeoutMs);
        mark(false);
        return result;
      } catch (error) {
        mark(true, error);
        return undefined;
      }
    },
    async state(): Promise<RedisState> {
      if (!redis) return "none";
      try {
        await within(redis.ping(), timeoutMs);
        mark(false);
      } catch (error) {
        mark(true, error);
      }
      return degraded ? "degraded" : "ok";
    },
  };
}

const asCount = (result: unknown): Count | undefined => {
  if (!Array.isArray(result)) return undefined;
  const [current, ttlMs] = result.map(Number);
  return Number.isFinite(current) && Number.isFinite(ttlMs) ? { current: current ?? 0, ttlMs: ttlMs ?? 0 } : undefined;
};

/** Redis counts every process's hits, memory only this one's: the larger is the truer. */
const larger = (local: Count, shared: Count | undefined): Count =>
  shared && shared.current >= local.current ? shared : local;

export function createCounters(opts: CountersOptions = {}): Counters {
  const memory = new MemoryCounters(opts.now);
  const clock = opts.now ?? Date.now;
  /** Secrets by name: the one Redis holds once it answered, else this process's own. */
  const secrets = new Map<string, { value: string; endsAt: number }>();
  const redis = redisLink(opts);

  return {
    async incr(key, windowMs) {
      const local = memory.incr(key, windowMs);
      const shared = asCount(await redis.call(INCR_SCRIPT, key, windowMs));
      // Remember what every process counted: if Redis is late next time, this process goes on from it.
      if (shared && shared.current > local.current) memory.raise(key, shared.current, shared.ttlMs);
      return larger(local, shared);
    },
    async read(key) {
      const local = memory.read(key);
      return larger(local, asCount(await redis.call(READ_SCRIPT, key)));
    },
    async decr(key) {
      memory.decr(key);
      await redis.call(DECR_SCRIPT, key);
    },
    async sharedSecret(name, ttlMs) {
      const at = clock();
      for (const [key, kept] of secrets) if (kept.endsAt <= at) secrets.delete(key);
      let own = secrets.get(name);
      if (!own) {
        own = { value: randomBytes(32).toString("base64url"), endsAt: at + ttlMs };
        secrets.set(name, own);
      }
      const shared = await redis.call(SECRET_SCRIPT, name, own.value, ttlMs);
      if (typeof shared === "string" && shared !== "") own.value = shared;
      return own.value;
    },
    redisState: () => redis.state(),
  };
}
