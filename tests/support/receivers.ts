import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * Real receivers for the owner's alerts, on 127.0.0.1: an SMTP server (the smtp-server package) and a
 * plain HTTP server for the webhook. Tests and benchmarks read what actually arrived.
 */

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  envelopeTo: string[];
  at: number;
}

export interface SmtpReceiver {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Logins received (the password crossed the connection). */
  logins: { username: string; secure: boolean }[];
  /**
   * The next `times` mails to `address` are refused with a temporary 450 (as greylisting or a full
   * mailbox answers), then taken; other recipients are not affected.
   */
  refuseRecipient(address: string, times?: number): void;
  /** Resolves once `n` mails have arrived in all, or rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server; `port` 0 picks a free one. Accepts any login (the URL's user and password).
 * It offers STARTTLS with smtp-server's own self-signed certificate (the URL tells the client to accept
 * it), unless `startTls` is false: a mail server that offers no TLS at all.
 */
export async function startSmtpReceiver(
  port = 0,
  mails: ReceivedMail[] = [],
  { startTls = true }: { startTls?: boolean } = {},
): Promise<SmtpReceiver> {
  const waiters = new Set<() => void>();
  const logins: SmtpReceiver["logins"] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    ...(startTls ? {} : { disabledCommands: ["STARTTLS"] }),
    authOptional: true,
    logger: false,
    onAuth(auth, session, callback) {
      logins.push({ username: auth.username ?? "", secure: session.secure });
      callback(null, { user: "alerts" });
    },
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address.toLowerCase()) ?? 0;
      if (left <= 0) return callback();
      refusals.set(address.address.toLowerCase(), left - 1);
      callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 450 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const at = performance.now(); // arrival, before the time parsing takes
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          raw,
          parsed: await simpleParser(raw),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          at,
        });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client killed mid-session (the crash tests SIGKILL the app) resets its socket; smtp-server
  // reports that as an "error" event, which would otherwise be thrown as an uncaught exception.
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ECONNRESET" && err.code !== "EPIPE") console.error("SMTP receiver:", err);
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://alerts:smtp-password-123@127.0.0.1:${actual}${startTls ? "/?tls.rejectUnauthorized=false" : ""}`,
    mails,
    logins,
    refuseRecipient: (address, times = 1) => {
      refusals.set(address.toLowerCase(), times);
    },
    waitFor: (n, timeoutMs = 30_000) =>
      waitUntil(
        () => mails.length >= n,
        waiters,
        timeoutMs,
        () => mails,
      ),
    // Ends open sessions at once, as smtp-server itself does after its 30 s grace period: a
    // pooled client of the app under test would otherwise hold the test up for that long.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const connection of server.connections) {
          connection.send(421, "Server shutting down");
          connection.close();
        }
      }),
  };
}

interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  hooks: ReceivedHook[];
  /** The status the next calls get, one per call (then 200). */
  respondWith(statuses: number[]): void;
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  /** Hooks answered 2xx. */
  accepted(): ReceivedHook[];
  /** From now on, calls wait unanswered (a slow receiver: alerts stay in flight) until release(). */
  hold(): void;
  /** How many calls are waiting for their answer. */
  held(): number;
  /** Answers the waiting calls and stops holding new ones. */
  release(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const hooks: ReceivedHook[] = [];
  const waiters = new Set<() => void>();
  let queue: number[] = [];
  let holding: (() => void)[] | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => (holding ? holding.push(answer) : answer()));
    const answer = () => {
      const status = queue.shift() ?? 200;
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status, at: performance.now() });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "try later");
      for (const w of waiters) w();
    };
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  const accepted = () => hooks.filter((h) => h.status < 300);
  return {
    url: `http://127.0.0.1:${actual}/hooks/new-request`,
    port: actual,
    hooks,
    respondWith: (statuses) => {
      queue = [...statuses];
    },
    waitFor: (n, timeoutMs = 30_000) => waitUntil(() => accepted().length >= n, waiters, timeoutMs, accepted),
    accepted,
    hold: () => {
      holding ??= [];
    },
    held: () => holding?.length ?? 0,
    release: () => {
      const waiting = holding ?? [];
      holding = undefined;
      for (const answer of waiting) answer();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function waitUntil<T>(done: () => boolean, waiters: Set<() => void>, timeoutMs: number, value: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve(value());
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`receiver: still waiting after ${timeoutMs} ms`));
    }, timeoutMs);
    const check = () => {
      if (!done()) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(value());
    };
    waiters.add(check);
  });
}
