import { createHash } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { alertOutbox, requestEvents, requestPageLinks, serviceRequests } from "../../server/db/schema";
import { newPageToken } from "../../server/shared/page-tokens";
import { ui } from "../../src/i18n/ui";
import type { RequestIslandsData } from "../../src/screens/request/islands";
import { DESK_CANNOT_CANCEL, type DeskRequestDetail, deskStatuses } from "../../src/shared/desk-schema";
import { driverStatusOf, type RequestPageLive } from "../../src/shared/request-page";
import { announceChange } from "../support/announce-change";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type DeskClient, signInOwner } from "../support/desk-client";
import { logSink } from "../support/log-sink";
import { validServiceRequest } from "../support/service-request";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const DAY = 24 * 60 * 60 * 1000;
/** app.inject's own origin: a browser on the page sends it with every POST. */
const SAME_ORIGIN = { origin: "http://localhost:80" };
/** The driver's status words on an English request's page. */
const driverStatusLabels = ui.en.requestPage.statuses;

/** What a response says, as a person or a program could compare it: status, body and headers (no date). */
const shape = (res: LightMyRequestResponse) => {
  // The date and the request's own id differ from one answer to the next.
  const { date: _date, "x-request-id": _id, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

/**
 * Reads Server-Sent Events from a real connection; `next(type)` waits for the next event of that type.
 * `localAddress` picks the client's address on the loopback (127.0.0.2 is another client than 127.0.0.1).
 */
async function openEvents(url: string, { localAddress }: { localAddress?: string } = {}) {
  const controller = new AbortController();
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    http.get(url, { signal: controller.signal, localAddress }, resolve).once("error", reject);
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") headers.set(name, value);
  const res = { status: answer.statusCode ?? 0, headers };
  const events: { type: string; data: string }[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let body = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of answer) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        body += text;
        buffer += text;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data !== undefined) events.push({ type, data });
          end = buffer.indexOf("\n\n");
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted by the test
    }
    ended = true;
    for (const w of waiters) w();
  })();
  let seen = 0;
  return {
    res,
    events,
    ended: () => ended,
    /** Everything received so far, as text (a refusal's JSON). */
    body: () => body,
    /** The next event of `type` after those already taken, or a rejection after `timeoutMs`. */
    next(type: string, timeoutMs = 10_000): Promise<{ type: string; data: string }> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = events.findIndex((e, i) => i >= seen && e.type === type);
          if (index >= 0) {
            seen = index + 1;
            cleanup();
            resolve(events[index] as { type: string; data: string });
          } else if (ended) {
            cleanup();
            reject(new Error(`the stream ended before a "${type}" event`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${type}" event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    /** Resolves once the server ended the stream. */
    async end(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise<void>((r) => waiters.add(() => r()));
      return ended;
    },
    close() {
      controller.abort();
      return reading;
    },
  };
}

describe.each(databaseTargets)("the driver's request page on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;
  /** The one clock of the desk and the request pages: tests move it to test expiry. */
  let clock = Date.now();
  const log = logSink();

  /** Sends a request as the form does; answers its id and page token. */
  const send = (fields: Partial<typeof validServiceRequest> = {}) => postServiceRequest(app, fields);
  const page = (path: string) => app.inject({ method: "GET", url: path });
  const cancel = (token: string, payload: object = {}, headers: Record<string, string> = SAME_ORIGIN) =>
    app.inject({ method: "POST", url: `/api/request/${token}/cancel`, payload, headers });
  const setStatus = (id: number, status: string) => owner.post(`/api/desk/requests/${id}/status`, { status });
  /** The app on a real port, for event streams (app.inject waits for a response's end). */
  const baseUrl = async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        requestPageRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        alerts: {},
      }),
      logger: { level: "info", stream: log.stream },
      site: emptyTestSite(),
      db,
      deskClock: () => new Date(clock),
      requestPageClock: () => new Date(clock),
      requestFeedIntervalMs: 100,
    });
    owner = await signInOwner(app, db.db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  it("gives every request a 256-bit random token, never its id, and stores only the token's SHA-256", async () => {
    const { id, token } = await send();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const links = await db.db.select().from(requestPageLinks).where(eq(requestPageLinks.serviceRequestId, id));
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenSha256).toBe(createHash("sha256").update(token).digest("hex"));
    // The token itself is in no table.
    for (const table of ["contact_requests", "request_page_links", "alert_outbox", "request_events"]) {
      const rows = await db.db.execute(sql.raw(`select * from ${table}`));
      expect(JSON.stringify(rows)).not.toContain(token);
    }
    // From a cryptographic source: 2,000 tokens, no repeat, and each of the 256 bits set about half the time.
    const tokens = Array.from({ length: 2000 }, newPageToken);
    expect(new Set(tokens).size).toBe(2000);
    const ones = new Array(256).fill(0);
    for (const t of tokens) {
      const bytes = Buffer.from(t, "base64url");
      for (let bit = 0; bit < 256; bit++) ones[bit] += (bytes[bit >> 3] ?? 0) & (0x80 >> (bit & 7)) ? 1 : 0;
    }
    // 2,000 fair coin flips land within 1,000 +- 200 with probability 1 - 1e-18.
    for (const n of ones) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });

  it("shows the number, service, pickup place and time sent in the business's zone, the phone's last 4 digits only", async () => {
    const { id, path } = await send({
      name: "Private Name",
      email: "private.mail@example.com",
      phone: "(209) 555-0187",
      dropoffLocation: "Hidden Dropoff Street 9",
    });
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(`Service request #${id}`);
    expect(res.body).toContain(validServiceRequest.service);
    expect(res.body).toContain("Pacific Ave &amp; March Ln, Stockton");
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    const sent = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(row?.createdAt);
    expect(res.body).toContain(sent);
    expect(sent).toMatch(/P[SD]T$/);
    expect(res.body).toContain("the number ending in 0187");
    for (const hidden of ["Private Name", "private.mail@example.com", "555-0187", "2095550187", "Hidden Dropoff"]) {
      expect(res.body).not.toContain(hidden);
    }
    expect(res.body).toContain(driverStatusLabels.received);
  });

  it("is private: no-store, no referrer, noindex, and the security headers of every page", async () => {
    const { path } = await send();
    for (const res of [await page(path), await page(`/request/${newPageToken()}`)]) {
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    }
    expect((await page(path)).body).toMatch(/<meta name="robots" content="noindex/);
  });

  it("is sent compressed when the browser takes it (brotli, else gzip), like every prebuilt page", async () => {
    const { id, path } = await send();
    const br = await app.inject({ method: "GET", url: path, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toContain(`Service request #${id}`);
    const gz = await app.inject({ method: "GET", url: path, headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toContain(`Service request #${id}`);
    const plain = await app.inject({ method: "GET", url: path, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain(`Service request #${id}`);
  });

  it("shows each desk status in the driver's words; lost and spam are both Closed and never named", async () => {
    const { id, path } = await send();
    for (const status of deskStatuses) {
      expect((await setStatus(id, status)).statusCode).toBe(200);
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      const shown = /data-testid="request-status">([^<]*)</.exec(res.body)?.[1];
      expect(shown).toBe(driverStatusLabels[driverStatusOf[status]]);
      if (status === "spam" || status === "lost") {
        expect(shown).toBe("Closed");
        expect(res.body.toLowerCase()).not.toContain("spam");
      }
    }
    expect(driverStatusLabels[driverStatusOf.contacted]).toBe("We are arranging your help");
    expect(driverStatusLabels[driverStatusOf.dispatched]).toBe("An operator is on the way");
    expect(driverStatusLabels[driverStatusOf.completed]).toBe("Done");
  });

  it("shows the owner's message to the driver as text, never markup, and refuses one too long", async () => {
    const { id, path } = await send();
    const message = `Operator Mike, white flatbed <img src=x onerror="alert(1)"> & <script>alert(2)</script>`;
    expect((await owner.post(`/api/desk/requests/${id}/driver-message`, { message })).statusCode).toBe(200);
    const res = await page(path);
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain("<script>alert(2)");
    expect(res.body).toContain(
      "Operator Mike, white flatbed &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;script&gt;alert(2)&lt;/script&gt;",
    );
    // The islands' props carry the same text, as JSON in which no "<" can close its script.
    const props =
      /<script type="application\/json" id="request-islands-data">([^<]*)<\/script>/.exec(res.body)?.[1] ?? "";
    const live = (JSON.parse(props) as RequestIslandsData).live;
    expect(live.message?.text).toBe(message);

    const tooLong = await owner.post(`/api/desk/requests/${id}/driver-message`, { message: "x".repeat(281) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatch(/at most 280 characters/);
    // Empty removes it.
    expect((await owner.post(`/api/desk/requests/${id}/driver-message`, { message: " " })).statusCode).toBe(200);
    expect((await page(path)).body).not.toContain("Operator Mike");
  });

  it("answers an unknown, malformed, deleted or expired token with the same 404, after the same lookup", async () => {
    const deleted = await send();
    expect((await owner.request({ method: "DELETE", url: `/api/desk/requests/${deleted.id}` })).statusCode).toBe(204);
    const expired = await send();
    expect((await setStatus(expired.id, "completed")).statusCode).toBe(200);
    clock += 31 * DAY;
    const candidates = [
      newPageToken(),
      "short",
      "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "x".repeat(2000),
      deleted.token,
      expired.token,
    ];
    const pages = await Promise.all(candidates.map((c) => page(`/request/${c}`)));
    const first = shape(pages[0] as LightMyRequestResponse);
    expect(first.status).toBe(404);
    for (const [i, res] of pages.entries()) expect([i, shape(res)]).toEqual([i, first]);
    // The 404 names nothing of what was asked.
    for (const c of candidates) if (c.length > 5) expect(first.body).not.toContain(c.slice(0, 20));

    const apis = await Promise.all(
      candidates.flatMap((c) => [
        app.inject({ method: "GET", url: `/api/request/${c}/events` }),
        app.inject({ method: "GET", url: `/api/request/${c}/state` }),
      ]),
    );
    const firstApi = shape(apis[0] as LightMyRequestResponse);
    expect(firstApi.status).toBe(404);
    expect(JSON.parse(firstApi.body)).toMatchObject({ code: "not_found", message: expect.stringMatching(/555-0142/) });
    for (const res of apis) expect(shape(res)).toEqual(firstApi);
  });

  it("ends a page 30 days after its request is done or cancelled, by the clock; a reopened request has no end", async () => {
    const done = await send();
    expect((await setStatus(done.id, "completed")).statusCode).toBe(200);
    const cancelled = await send();
    expect((await cancel(cancelled.token)).statusCode).toBe(200);
    const open = await send();
    const start = clock;
    clock = start + 30 * DAY - 60_000;
    for (const r of [done, cancelled, open]) expect((await page(r.path)).statusCode).toBe(200);
    clock = start + 30 * DAY + 60_000;
    expect((await page(done.path)).statusCode).toBe(404);
    expect((await page(cancelled.path)).statusCode).toBe(404);
    expect((await page(open.path)).statusCode).toBe(200);

    // Completed by mistake, then reopened: no end while it is open, a new 30 days once it ends again.
    const reopened = await send();
    clock = Date.now();
    expect((await setStatus(reopened.id, "completed")).statusCode).toBe(200);
    expect((await setStatus(reopened.id, "dispatched")).statusCode).toBe(200);
    clock += 90 * DAY;
    expect((await page(reopened.path)).statusCode).toBe(200);
  });

  it("ends a page when the desk deletes its request, open event streams included", async () => {
    const { id, path, token } = await send();
    const stream = await openEvents(`${await baseUrl()}/api/request/${token}/events`);
    try {
      expect(stream.res.status).toBe(200);
      await stream.next("state");
      expect((await owner.request({ method: "DELETE", url: `/api/desk/requests/${id}` })).statusCode).toBe(204);
      await stream.next("gone");
      expect(await stream.end()).toBe(true);
      // Ended by the server: the stream's place and its follower are given back.
      await vi.waitFor(() => expect(app.requestPageStats?.()).toEqual({ streams: 0, followers: 0 }));
      expect((await page(path)).statusCode).toBe(404);
      expect(await db.db.select().from(requestPageLinks).where(eq(requestPageLinks.serviceRequestId, id))).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it("streams each change to an open page: the desk's at once, another server's within a look of the feed", async () => {
    const { id, token } = await send();
    const stream = await openEvents(`${await baseUrl()}/api/request/${token}/events`);
    try {
      expect(stream.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.res.headers.get("cache-control")).toBe("no-store");
      expect(stream.res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(JSON.parse((await stream.next("state")).data).status).toBe("received");

      expect((await setStatus(id, "dispatched")).statusCode).toBe(200);
      expect(
        (await owner.post(`/api/desk/requests/${id}/driver-message`, { message: "White flatbed" })).statusCode,
      ).toBe(200);
      let live = JSON.parse((await stream.next("state")).data) as RequestPageLive;
      if (live.message === null) live = JSON.parse((await stream.next("state")).data) as RequestPageLive;
      expect(live.status).toBe("on_the_way");
      expect(live.message?.text).toBe("White flatbed");

      // A change this server did not make (another server on the same database, which announces it on
      // PostgreSQL): seen at once there, at the next look on PGlite.
      await db.db.update(serviceRequests).set({ status: "completed" }).where(eq(serviceRequests.id, id));
      await announceChange(db);
      live = JSON.parse((await stream.next("state")).data) as RequestPageLive;
      expect(live.status).toBe("done");
      expect(live.canCancel).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it("cancels once, after which the page says so and no second cancel or desk change gets through", async () => {
    const { id, path, token } = await send();
    expect((await setStatus(id, "dispatched")).statusCode).toBe(200);
    const reason = `Got a jump from a friend <b>thanks</b>`;
    // Five taps at the same moment: one cancel.
    const tries = await Promise.all(Array.from({ length: 5 }, () => cancel(token, { reason })));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const done = tries.find((r) => r.statusCode === 200);
    expect(done?.json().live).toMatchObject({ status: "cancelled", canCancel: false });
    const refused = tries.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: "conflict", message: expect.stringMatching(/Cancelled.*555-0142/) });

    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: reason });
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    const events = await db.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
    expect(events.filter((e) => e.toStatus === "cancelled")).toEqual([
      expect.objectContaining({ actor: "the driver", fromStatus: "dispatched", note: reason }),
    ]);

    const shown = await page(path);
    expect(shown.body).toContain('data-testid="request-status">Cancelled<');
    expect(shown.body).not.toContain("I no longer need help");

    // The desk sees who cancelled and when, and can change nothing more.
    const detail = (await owner.get(`/api/desk/requests/${id}`)).json() as DeskRequestDetail;
    expect(detail.request).toMatchObject({ status: "cancelled", cancelReason: reason });
    expect(detail.events[0]).toMatchObject({ actor: "the driver", toStatus: "cancelled" });
    for (const status of ["contacted", "completed", "new"]) {
      const res = await setStatus(id, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        `The driver cancelled service request #${id} from their request page, so it can no longer be changed. Call them if you need to.`,
      );
    }
    expect((await owner.post(`/api/desk/requests/${id}/driver-message`, { message: "On our way" })).statusCode).toBe(
      409,
    );
    const [after] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(after?.status).toBe("cancelled");
    expect(after?.driverMessage).toBeNull();
  });

  it("cannot cancel a request that is done or closed; the desk can never set Cancelled itself", async () => {
    for (const status of ["completed", "lost", "spam"]) {
      const { id, token } = await send();
      expect((await setStatus(id, status)).statusCode).toBe(200);
      const res = await cancel(token);
      expect(res.statusCode).toBe(409);
      const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      expect(row?.status).toBe(status);
    }
    const { id } = await send();
    const res = await setStatus(id, "cancelled");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(DESK_CANNOT_CANCEL);
  });

  it("cancels without JavaScript: the form posts, and the page it returns to shows Cancelled", async () => {
    const { path, token } = await send();
    const res = await app.inject({
      method: "POST",
      url: `/api/request/${token}/cancel`,
      // What a browser sends from a page with Referrer-Policy: no-referrer.
      headers: { origin: "null", "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      payload: "reason=No+longer+needed",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(path);
    expect((await page(path)).body).toContain('data-testid="request-status">Cancelled<');
    // A reason longer than the page allows (only a hand-made post): a page saying what to do, nothing changed.
    const other = await send();
    const long = await app.inject({
      method: "POST",
      url: `/api/request/${other.token}/cancel`,
      headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: `reason=${"x".repeat(300)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("280 characters");
    expect(long.body).toContain("555-0142");
    expect((await page(other.path)).body).toContain('data-testid="request-status">Received<');
  });

  it("refuses a cancel from another site, and changes nothing", async () => {
    const { id, token } = await send();
    const tries: Record<string, string>[] = [
      // A foreign Origin, with or without Sec-Fetch-Site (older browsers send none).
      { origin: "https://evil.example" },
      { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
      // Origin: null (a page without referrer, or a sandboxed one) from another site, as the browser says.
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "null", "sec-fetch-site": "same-site" },
      // Neither header: not a browser page of ours.
      {},
    ];
    for (const headers of tries) {
      const res = await cancel(token, {}, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/555-0142/);
    }
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row?.status).toBe("new");
  });

  it("accepts a cancel with Origin: null from a browser that sends no Sec-Fetch-Site (Safari before 16.4)", async () => {
    // What such a browser sends from the page (Referrer-Policy: no-referrer): Origin null, nothing more.
    const { id, token } = await send();
    const res = await cancel(token, { reason: "Sorted it out" }, { origin: "null" });
    expect(res.statusCode).toBe(200);
    expect(res.json().live).toMatchObject({ status: "cancelled" });
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row?.status).toBe("cancelled");
    // The same from a browser that does send Sec-Fetch-Site, saying it is our own page.
    const other = await send();
    expect((await cancel(other.token, {}, { origin: "null", "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("queues the owner's cancellation alert on every channel in the cancel's transaction (none when none is set)", async () => {
    const { id, token } = await send();
    expect((await cancel(token)).statusCode).toBe(200);
    // This app has no channel: nothing queued, and the cancel still stands.
    expect(await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id))).toEqual([]);
  });

  it("never writes a page's token to the log", async () => {
    const { path, token } = await send();
    log.lines.length = 0;
    await page(path);
    const stream = await openEvents(`${await baseUrl()}/api/request/${token}/events?x=1`);
    await stream.next("state");
    await stream.close();
    await cancel(token);
    await page(`/request/${newPageToken()}`);
    const text = log.text();
    expect(text).toContain("/request/:token");
    expect(text).not.toContain(token);
  });
});

describe.each(databaseTargets)("request-page lookups are limited per client on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({ requestPageRateLimit: { max: 3, timeWindowMs: 60_000 }, alerts: {} }),
      logger: false,
      site: emptyTestSite(),
      db,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("counts every lookup, found or not, and answers the next with 429, Retry-After and the phone", async () => {
    const created = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    const path = created.json().requestPage as string;
    const from = (remoteAddress: string, url: string) => app.inject({ method: "GET", url, remoteAddress });
    expect((await from("198.51.100.7", path)).statusCode).toBe(200);
    expect((await from("198.51.100.7", `/request/${newPageToken()}`)).statusCode).toBe(404);
    expect((await from("198.51.100.7", "/request/garbage")).statusCode).toBe(404);
    const page = await from("198.51.100.7", path);
    expect(page.statusCode).toBe(429);
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("555-0142");
    const api = await from("198.51.100.7", `${path.replace("/request/", "/api/request/")}/events`);
    expect(api.statusCode).toBe(429);
    expect(api.json()).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/555-0142/) });
    // Another client is not held back.
    expect((await from("198.51.100.8", path)).statusCode).toBe(200);
  });
});

describe.each(databaseTargets)("open event streams are capped per client and per server on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let eventsUrl = "";
  let stateUrl = "";

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({
        requestPageStreams: { maxTotal: 3, maxPerClient: 2 },
        requestPageRateLimit: { max: 10_000, timeWindowMs: 60_000 },
        alerts: {},
      }),
      logger: false,
      site: emptyTestSite(),
      db,
    });
    const created = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    const { requestPage } = created.json() as { requestPage: string };
    await app.listen({ port: 0, host: "127.0.0.1" });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${requestPage.replace("/request/", "/api/request/")}`;
    eventsUrl = `${api}/events`;
    stateUrl = `${api}/state`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("reads its caps from REQUEST_PAGE_MAX_STREAMS and REQUEST_PAGE_MAX_STREAMS_PER_CLIENT (2000 and 6)", () => {
    expect(loadConfig({}).requestPageStreams).toEqual({ maxTotal: 2000, maxPerClient: 6 });
    expect(
      loadConfig({ REQUEST_PAGE_MAX_STREAMS: "500", REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: "3" }).requestPageStreams,
    ).toEqual({ maxTotal: 500, maxPerClient: 3 });
    expect(() => loadConfig({ REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: "0" })).toThrow(
      /REQUEST_PAGE_MAX_STREAMS_PER_CLIENT/,
    );
  });

  it("refuses a client's stream past its share, and any stream past the server's, with 429, Retry-After and the phone", async () => {
    const open: Awaited<ReturnType<typeof openEvents>>[] = [];
    try {
      // 127.0.0.1 opens its two.
      for (let i = 0; i < 2; i++) {
        const stream = await openEvents(eventsUrl);
        open.push(stream);
        expect(stream.res.status).toBe(200);
        await stream.next("state");
      }
      const third = await fetch(eventsUrl);
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("60");
      expect(third.headers.get("cache-control")).toBe("no-store");
      expect(await third.json()).toMatchObject({
        code: "rate_limited",
        message: expect.stringMatching(/2 at once.*another tab.*555-0142/),
      });
      // The refused page can still read its state, and a refusal took no place.
      const state = await fetch(stateUrl);
      expect(state.status).toBe(200);
      expect(((await state.json()) as { live: RequestPageLive }).live.status).toBe("received");
      expect(app.requestPageStats?.().streams).toBe(2);

      // Another client is not held back by 127.0.0.1's share, until the server's three are taken.
      const other = await openEvents(eventsUrl, { localAddress: "127.0.0.2" });
      open.push(other);
      expect(other.res.status).toBe(200);
      await other.next("state");
      const overServer = await openEvents(eventsUrl, { localAddress: "127.0.0.3" });
      expect(overServer.res.status).toBe(429);
      expect(overServer.res.headers.get("retry-after")).toBe("60");
      await overServer.end();
      const refusal = JSON.parse(overServer.body());
      expect(refusal).toMatchObject({
        code: "rate_limited",
        message: expect.stringMatching(/too many request pages.*555-0142/),
      });
      await overServer.close();

      // A stream that ends gives its place back: the next one opens.
      await open.shift()?.close();
      await vi.waitFor(() => expect(app.requestPageStats?.().streams).toBe(2));
      const again = await openEvents(eventsUrl, { localAddress: "127.0.0.3" });
      open.push(again);
      expect(again.res.status).toBe(200);
      await again.next("state");
    } finally {
      for (const stream of open) await stream.close();
    }
    await vi.waitFor(() => expect(app.requestPageStats?.()).toEqual({ streams: 0, followers: 0 }));
  });
});

describe.each(databaseTargets)("a request page's event stream on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    db = await openTestDatabase(target);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("gives back everything a stream holds when the driver leaves while its token is looked up", async () => {
    const app = await buildApp({
      config: testConfig({ alerts: {} }),
      logger: false,
      site: emptyTestSite(),
      db,
      requestFeedIntervalMs: 100,
    });
    const stats = () => app.requestPageStats?.();
    let unlock = () => {};
    try {
      const created = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
      const { requestPage } = created.json() as { requestPage: string };
      await app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

      // The test holds the links' table, so the lookup waits for as long as the test wants it to.
      const unlocked = new Promise<void>((resolve) => {
        unlock = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holding = db.db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${requestPageLinks} in access exclusive mode`);
        locked();
        await unlocked;
      });
      await isLocked;

      const arrived = new Promise<IncomingMessage>((resolve) => app.server.once("request", resolve));
      const driver = new AbortController();
      const opening = fetch(`${base}${requestPage.replace("/request/", "/api/request/")}/events`, {
        signal: driver.signal,
      }).catch((error: unknown) => error);
      const request = await arrived;
      // The stream has its place: the handler is at the lookup, which waits.
      await vi.waitFor(() => expect(stats()?.streams).toBe(1));
      const disconnected = new Promise((resolve) => request.socket.once("close", resolve));
      driver.abort();
      await disconnected;
      expect(await opening).toBeInstanceOf(Error);
      // The lookup ends after the driver left: nothing may stay open for a driver who is gone.
      unlock();
      await holding;
      await vi.waitFor(() => expect(stats()).toEqual({ streams: 0, followers: 0 }));
      const health = (await app.inject({ method: "GET", url: "/api/health" })).json();
      expect(health.requestPages).toEqual({ streams: 0, followers: 0 });

      // A stream that opened and was left gives everything back too.
      const stream = await openEvents(`${base}${requestPage.replace("/request/", "/api/request/")}/events`);
      await stream.next("state");
      expect(stats()).toEqual({ streams: 1, followers: 1 });
      await stream.close();
      await vi.waitFor(() => expect(stats()).toEqual({ streams: 0, followers: 0 }));
    } finally {
      unlock();
      await app.close();
    }
  });

  it("outlives the server's request and idle timeouts (it pings), and ends at once when the server stops", async () => {
    // Timeouts of a second: a stream kept open only by luck would be cut within the test.
    const app = await buildApp({
      config: testConfig({
        timeouts: { requestMs: 1000, idleMs: 1000, keepAliveMs: 500 },
        alerts: {},
      }),
      logger: false,
      site: emptyTestSite(),
      db,
      requestFeedIntervalMs: 100,
    });
    let closed = false;
    try {
      const created = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
      const { id, requestPage } = created.json() as { id: number; requestPage: string };
      await app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const stream = await openEvents(`${base}${requestPage.replace("/request/", "/api/request/")}/events`);
      try {
        await stream.next("state");
        // Pings every half idle timeout: five of them span 2.5 s, past both timeouts.
        for (let i = 0; i < 5; i++) await stream.next("ping", 5_000);
        expect(stream.ended()).toBe(false);
        await db.db.update(serviceRequests).set({ status: "contacted" }).where(eq(serviceRequests.id, id));
        await announceChange(db);
        expect(JSON.parse((await stream.next("state")).data).status).toBe("arranging");
        // Stopping the server ends the stream instead of waiting for the driver to leave.
        await app.close();
        closed = true;
        expect(await stream.end(5_000)).toBe(true);
        expect(app.requestPageStats?.()).toEqual({ streams: 0, followers: 0 });
      } finally {
        await stream.close();
      }
    } finally {
      if (!closed) await app.close();
    }
  });
});
