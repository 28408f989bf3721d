/**
 * Drivers following their request pages while the owner works the desk.
 *
 *   npm run bench:request-page                      (PGlite in a temporary folder, one server)
 *   DATABASE_URL=postgres://... npm run bench:request-page   (PostgreSQL: two servers, see below)
 *
 * BENCH_FOLLOWERS (default 500) requests are stored, and for each a follower loads its page
 * (/request/{token}) and keeps its live stream open (GET /api/request/{token}/events, Server-Sent
 * Events), as a driver's phone does. Then the owner, signed in to the desk over its API, moves
 * BENCH_CHANGES of them (default 100, one every 100 ms) to Dispatched; each follower notes when its
 * stream says "on the way". Printed: p50/p95/max from the desk's POST to the follower seeing it
 * (budget p95 <= 2 s for SSE; every change must be seen), and the server's RSS and CPU while idle
 * (before any follower) beside the same while 500 pages are open and changes stream out.
 *
 * Last, the 404s: unknown, malformed (short and long) and deleted tokens, asked in turn, must take the
 * same time (medians within 1.5x of each other), as they take the same steps.
 *
 * With DATABASE_URL two server processes share the database: the followers are on the first and the
 * owner on the second, so every change reaches the pages by the first server's own look at the
 * database (once a second), not by the desk waking it: the path of a site run on several servers.
 * Exits 1 when over budget.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { benchServiceRequest, percentile } from "./support/bench-data";
import { openStateStream } from "./support/event-stream";
import { runBench } from "./support/run-bench";
import { type RunningServer, startServer } from "./support/server";

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 500);
const CHANGES = Math.min(FOLLOWERS, Number(process.env.BENCH_CHANGES ?? 100));
const CHANGE_EVERY_MS = 100;
const PORT = Number(process.env.BENCH_PORT ?? 4481);
const IDLE_WINDOW_MS = 5_000;
const P95_BUDGET_MS = 2_000;
const DESK_EMAIL = "bench-owner@example.com";
const DESK_PASSWORD = "bench desk password, long enough";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The process's CPU time so far (user + system, ms) and its resident memory, from /proc. */
function usage(pid: number): { cpuMs: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return { cpuMs: (ticks * 1000) / 100, rssBytes: Number(rss ?? 0) * 1024 };
}

/** CPU use (% of one core) and peak RSS of `pid` over `run`. */
async function measure<T>(
  pid: number,
  run: () => Promise<T>,
): Promise<{ result: T; cpuPct: number; rssBytes: number }> {
  const before = usage(pid);
  const started = performance.now();
  let peak = before.rssBytes;
  const sampler = setInterval(() => {
    peak = Math.max(peak, usage(pid).rssBytes);
  }, 250);
  try {
    const result = await run();
    const after = usage(pid);
    peak = Math.max(peak, after.rssBytes);
    return { result, cpuPct: ((after.cpuMs - before.cpuMs) / (performance.now() - started)) * 100, rssBytes: peak };
  } finally {
    clearInterval(sampler);
  }
}

/** The desk's API as its page uses it: session cookie, CSRF token and the page's origin on every write. */
async function signInToDesk(origin: string) {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = (token: string) => ({
    "content-type": "application/json",
    "x-csrf-token": token,
    origin,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  });
  const session = await fetch(`${origin}/api/desk/session`);
  keep(session);
  const { csrfToken: formToken } = (await session.json()) as { csrfToken: string };
  const signIn = await fetch(`${origin}/api/desk/sign-in`, {
    method: "POST",
    headers: headers(formToken),
    body: JSON.stringify({ email: DESK_EMAIL, password: DESK_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`desk sign-in answered ${signIn.status}`);
  keep(signIn);
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  return {
    async changeStatus(id: number, status: string) {
      const res = await fetch(`${origin}/api/desk/requests/${id}/status`, {
        method: "POST",
        headers: headers(csrfToken),
        body: JSON.stringify({ status }),
      });
      if (res.status !== 200) throw new Error(`status change answered ${res.status}`);
      await res.arrayBuffer();
    },
    async remove(id: number) {
      const { "content-type": _none, ...bodiless } = headers(csrfToken);
      const res = await fetch(`${origin}/api/desk/requests/${id}`, { method: "DELETE", headers: bodiless });
      if (res.status !== 204) throw new Error(`delete answered ${res.status}`);
    },
  };
}

/** Median and p90 (ms) of GET /request/{candidate} for each kind of wrong token, asked in turn. */
async function notFoundTimes(origin: string, kinds: Record<string, string>, rounds = 300) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const [kind, candidate] of Object.entries(kinds)) {
      const started = performance.now();
      const res = await fetch(`${origin}/request/${candidate}`);
      await res.arrayBuffer();
      times[kind]?.push(performance.now() - started);
      if (res.status !== 404) throw new Error(`${kind} token answered ${res.status}`);
    }
  }
  return Object.entries(times).map(([kind, t]) => {
    const sorted = t.sort((a, b) => a - b);
    return { kind, median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
  });
}

interface Follower {
  id: number;
  /** When its stream said "on the way" (performance.now()). */
  seenAt?: number;
  close(): void;
}

/** A driver's phone: loads the page, then follows the live stream, noting when it says "on the way". */
async function follow(origin: string, id: number, requestPage: string): Promise<Follower> {
  const page = await fetch(`${origin}${requestPage}`);
  if (page.status !== 200) throw new Error(`request page answered ${page.status}`);
  await page.arrayBuffer();
  const follower: Follower = { id, close: () => {} };
  const stream = await openStateStream(
    `${origin}${requestPage.replace("/request/", "/api/request/")}/events`,
    (data) => {
      if (data.includes('"status":"on_the_way"') && follower.seenAt === undefined) follower.seenAt = performance.now();
    },
  );
  follower.close = stream.close;
  return follower;
}

/** The owner's account, made with the real CLI before the server holds the database. */
function addDeskUser(dbEnv: Record<string, string>) {
  const added = spawnSync(
    process.execPath,
    ["--import", "tsx", "server/features/desk/cli.ts", "add-user", DESK_EMAIL],
    {
      env: { ...process.env, ...dbEnv },
      input: `${DESK_PASSWORD}\n`,
      encoding: "utf8",
    },
  );
  if (added.status !== 0) throw new Error(`desk add-user failed: ${added.stderr}`);
}

/** FOLLOWERS service requests, each with its driver's page. */
async function storeRequests(origin: string) {
  const stored: { id: number; requestPage: string }[] = [];
  for (let i = 0; i < FOLLOWERS; i++) {
    const res = await fetch(`${origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...benchServiceRequest, name: `Bench Driver ${i}` }),
    });
    if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}`);
    stored.push((await res.json()) as { id: number; requestPage: string });
  }
  return stored;
}

/** How long each change took to show on its page; changes never seen, and pages that saw a change not theirs. */
function seenLatencies(followers: Follower[], changedAt: Map<number, number>) {
  const latencies: number[] = [];
  let unseen = 0;
  let wrong = 0;
  for (const f of followers) {
    const at = changedAt.get(f.id);
    if (at === undefined) {
      if (f.seenAt !== undefined) wrong++;
      continue;
    }
    if (f.seenAt === undefined) unseen++;
    else latencies.push(f.seenAt - at);
  }
  latencies.sort((a, b) => a - b);
  return { latencies, unseen, wrong };
}

/** The owner dispatches CHANGES of the requests, one every 100 ms, while all pages stay open; then waits until each is seen. */
async function dispatchWhileFollowed(
  owner: Awaited<ReturnType<typeof signInToDesk>>,
  stored: { id: number }[],
  followers: Follower[],
) {
  const changedAt = new Map<number, number>();
  for (const s of stored.slice(0, CHANGES)) {
    changedAt.set(s.id, performance.now());
    await owner.changeStatus(s.id, "dispatched");
    await new Promise((r) => setTimeout(r, CHANGE_EVERY_MS));
  }
  // Until every change is seen, or the budget is long past.
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && followers.some((f) => changedAt.has(f.id) && f.seenAt === undefined)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return changedAt;
}

/** The 404s for each kind of wrong token (a deleted request's included), on the server the pages use; true within budget. */
async function notFoundWithinBudget(
  origin: string,
  owner: Awaited<ReturnType<typeof signInToDesk>>,
  deleted: { id: number; requestPage: string },
) {
  await owner.remove(deleted.id);
  const times = await notFoundTimes(origin, {
    unknown: randomBytes(32).toString("base64url"),
    "malformed (5 chars)": "abcde",
    "malformed (300 chars)": "x".repeat(300),
    deleted: deleted.requestPage.slice("/request/".length),
  });
  const medians = times.map((t) => t.median);
  const spread = Math.max(...medians) / Math.min(...medians);
  console.log(
    `404 for a wrong token, median (p90) over 300 each: ${times.map((t) => `${t.kind} ${t.median.toFixed(2)} ms (${t.p90.toFixed(2)})`).join(", ")}; slowest/fastest median ${spread.toFixed(2)} (budget <= 1.5)`,
  );
  return spread <= 1.5;
}

/** Opens every follower's page and stream, 50 at a time. */
async function openFollowers(origin: string, stored: { id: number; requestPage: string }[]) {
  const followers: Follower[] = [];
  for (let i = 0; i < stored.length; i += 50) {
    const batch = stored.slice(i, i + 50);
    followers.push(...(await Promise.all(batch.map((s) => follow(origin, s.id, s.requestPage)))));
  }
  return followers;
}

const serverEnv = (dbEnv: Record<string, string>) => ({
  ...dbEnv,
  REDIS_URL: "",
  // Every follower comes from this one address: no per-client cap may stand in for 500 phones.
  MAX_CONNECTIONS_PER_CLIENT: "0",
  REQUEST_PAGE_MAX_STREAMS_PER_CLIENT: String(FOLLOWERS + 10),
  REQUEST_PAGE_MAX_STREAMS: String(Math.max(2000, FOLLOWERS + 10)),
  CONTACT_RATE_LIMIT_MAX: "100000000",
  REQUEST_PAGE_RATE_LIMIT_MAX: "100000000",
  DESK_SIGN_IN_RATE_LIMIT_MAX: "1000",
});

runBench("request-page", async ({ dataDir, databaseUrl }) => {
  const dbEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" };
  addDeskUser(dbEnv);
  const env = serverEnv(dbEnv);
  const servers: RunningServer[] = [await startServer(PORT, env, dataDir)];
  if (databaseUrl) servers.push(await startServer(PORT + 1, env, dataDir));
  const [pages, desk] = [servers[0] as RunningServer, servers.at(-1) as RunningServer];
  const pid = pages.process.pid ?? 0;
  try {
    console.log(
      databaseUrl
        ? "Database: PostgreSQL, two servers: the pages follow on one, the owner works on the other\n"
        : "Database: PGlite, one server\n",
    );
    const stored = await storeRequests(pages.origin);
    const owner = await signInToDesk(desk.origin);
    // Idle: the server with its requests stored and no page open.
    const idle = await measure(pid, () => new Promise((r) => setTimeout(r, IDLE_WINDOW_MS)));
    const connectStarted = performance.now();
    const followers = await openFollowers(pages.origin, stored);
    const connectMs = performance.now() - connectStarted;
    let changedAt = new Map<number, number>();
    const busy = await measure(pid, async () => {
      changedAt = await dispatchWhileFollowed(owner, stored, followers);
    });
    const { latencies, unseen, wrong } = seenLatencies(followers, changedAt);
    for (const f of followers) f.close();

    const p95 = percentile(latencies, 0.95);
    console.log(
      `followers: ${followers.length} of ${FOLLOWERS} pages open (page + live stream) in ${connectMs.toFixed(0)} ms`,
    );
    console.log(
      `status change -> seen on the page: p50 ${percentile(latencies, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${(latencies.at(-1) ?? 0).toFixed(0)} ms` +
        `   (${latencies.length} of ${CHANGES} changes seen, ${unseen} missed, ${wrong} shown on a page not changed; budget p95 <= ${P95_BUDGET_MS} ms, the SSE budget)`,
    );
    console.log(
      `server RSS: idle ${mb(idle.rssBytes)}, with ${followers.length} pages open ${mb(busy.rssBytes)} (+${mb(busy.rssBytes - idle.rssBytes)})`,
    );
    console.log(
      `server CPU (% of one core): idle ${idle.cpuPct.toFixed(1)}%, with ${followers.length} pages open and ${CHANGES} changes in ${((CHANGES * CHANGE_EVERY_MS) / 1000).toFixed(0)} s ${busy.cpuPct.toFixed(1)}%`,
    );
    const streamsOk = followers.length === FOLLOWERS && unseen === 0 && wrong === 0 && p95 <= P95_BUDGET_MS;
    const notFoundOk = await notFoundWithinBudget(
      pages.origin,
      owner,
      stored.at(-1) as { id: number; requestPage: string },
    );
    return streamsOk && notFoundOk;
  } finally {
    for (const s of servers) await s.stop();
  }
});
