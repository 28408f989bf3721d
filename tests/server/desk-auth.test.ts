import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { deskSessions, deskSignIns } from "../../server/db/schema";
import { DEVICE_COOKIE } from "../../server/features/desk/device-cookie";
import { SESSION_COOKIE } from "../../server/features/desk/routes";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../server/features/desk/session-store";
import { addUser, removeUser, resetPassword } from "../../server/features/desk/users";
import { SIGN_IN_FAILED } from "../../src/shared/desk-schema";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { appOnFreshDatabase } from "../support/test-app";

const PASSWORD = "correct horse battery staple";
const HOUR = 60 * 60 * 1000;

/** Every desk API route, with what a signed-in browser would send. */
const deskRoutes = [
  { method: "GET", url: "/api/desk/session" },
  { method: "POST", url: "/api/desk/sign-out" },
  { method: "GET", url: "/api/desk/requests" },
  { method: "GET", url: "/api/desk/requests?q=maria&status=new" },
  { method: "GET", url: "/api/desk/requests.csv" },
  { method: "GET", url: "/api/desk/requests/1" },
  { method: "POST", url: "/api/desk/requests/1/status", payload: { status: "contacted" } },
  { method: "POST", url: "/api/desk/requests/1/notes", payload: { note: "Called back" } },
  { method: "DELETE", url: "/api/desk/requests/1" },
  { method: "GET", url: "/api/desk/sign-ins" },
  { method: "GET", url: "/api/desk/activity" },
] as const;

describe.each(databaseTargets)("desk sign-in and sessions on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let clock = Date.now();
  let userCount = 0;

  /** A fresh account per test, so throttling counters never leak between tests. */
  const newUser = async () => {
    const email = `owner${++userCount}@example.com`;
    await addUser(db.db, email, PASSWORD);
    return email;
  };
  let clientCount = 0;
  const newClient = () => new DeskClient(app, `198.51.100.${++clientCount}`);
  const signedInClient = async () => {
    const email = await newUser();
    const client = newClient();
    const res = await client.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    return { client, email };
  };

  appOnFreshDatabase(target, { trustProxy: 1 }, (ready) => ({ app, db } = ready), {
    deskClock: () => new Date(clock),
  });

  it("answers 401 on every desk route without a session, even with a valid CSRF token", async () => {
    const client = newClient();
    await client.session();
    expect(client.csrfToken).not.toBe("");
    for (const route of deskRoutes) {
      const res = await client.request({ ...route });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).not.toMatch(/maria/i);
    }
  });

  it("signs in with the right password and sets a HttpOnly, SameSite=Strict cookie for the desk API", async () => {
    const email = await newUser();
    const client = newClient();
    const res = await client.signIn(email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ email });
    const cookie = (
      res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }[]
    ).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/desk" });
    expect(cookie?.secure).toBeFalsy();
    expect((await client.session()).json().user).toEqual({ email });
    expect((await client.get("/api/desk/requests")).statusCode).toBe(200);
  });

  it("marks the cookies Secure when the request came over HTTPS (through a trusted proxy)", async () => {
    const email = await newUser();
    const client = new DeskClient(app, "198.51.100.200", { "x-forwarded-proto": "https" });
    const res = await client.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    // Over HTTPS the cookies carry the __Host- prefix: Secure, Path=/, no Domain.
    const session = setCookies.find((c) => c.startsWith(`__Host-${SESSION_COOKIE}=`));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).not.toMatch(/Domain=/i);
    expect(setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect([...client.cookies.keys()].sort()).toEqual([
      "__Host-desk_csrf",
      `__Host-${DEVICE_COOKIE}`,
      `__Host-${SESSION_COOKIE}`,
    ]);
    const device = setCookies.find((c) => c.startsWith(`__Host-${DEVICE_COOKIE}=`));
    expect(device).toMatch(/; Secure/);
    expect(device).toMatch(/; Path=\/(;|$)/);
    expect(device).toMatch(/; HttpOnly/);
    expect(device).toMatch(/; SameSite=Strict/);
    // The prefixed cookie is what signs the client in over HTTPS.
    expect((await client.get("/api/desk/requests")).statusCode).toBe(200);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).toMatch(/; HttpOnly/);
  });

  it("gives the same answer for an unknown e-mail and a wrong password, and logs both with the address", async () => {
    const email = await newUser();
    const client = newClient();
    const wrongPassword = await client.signIn(email, "not the password at all");
    const unknownUser = await client.signIn("nobody@example.com", PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: SIGN_IN_FAILED });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const log = await db.db.select().from(deskSignIns).where(eq(deskSignIns.clientAddress, client.remoteAddress));
    expect(log.map((r) => [r.email, r.succeeded])).toEqual([
      [email, false],
      ["nobody@example.com", false],
    ]);
    // The owner sees them in the desk.
    const { client: owner } = await signedInClient();
    const seen = (await owner.get("/api/desk/sign-ins")).json() as { email: string; clientAddress: string }[];
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "nobody@example.com", clientAddress: client.remoteAddress }),
      ]),
    );
    expect(seen[0]).toMatchObject({ succeeded: true, clientAddress: owner.remoteAddress });
  });

  it("keeps sign-in attempts for 90 days", async () => {
    const old = new Date(clock - 91 * 24 * HOUR);
    await db.db
      .insert(deskSignIns)
      .values({ at: old, email: "long-ago@example.com", succeeded: false, clientAddress: "192.0.2.1" });
    await newClient().signIn("someone@example.com", "not the password at all");
    const left = await db.db.select().from(deskSignIns).where(eq(deskSignIns.email, "long-ago@example.com"));
    expect(left).toEqual([]);
    const recent = await db.db.select().from(deskSignIns).where(eq(deskSignIns.email, "someone@example.com"));
    expect(recent).toHaveLength(1);
  });

  it("takes about as long for an unknown e-mail as for a wrong password (both run scrypt)", async () => {
    const email = await newUser();
    const time = async (who: string) => {
      const client = newClient();
      await client.session();
      const start = performance.now();
      await client.signIn(who, "not the password at all");
      return performance.now() - start;
    };
    // The fastest of a few: a busy machine only ever adds time, so the minimum is the work itself.
    const known: number[] = [];
    const unknown: number[] = [];
    // Four: the fifth failed try for one account would be throttled (429 at once), which is not this test.
    for (let i = 0; i < 4; i++) {
      known.push(await time(email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const [a, b] = [Math.min(...known), Math.min(...unknown)];
    // scrypt dominates (tens of ms); without the dummy hash an unknown e-mail would answer in ~1 ms, a
    // ratio near 0.02. 0.3 leaves room for a machine busy with other work through every one of the tries.
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.3);
  });

  it("refuses a sign-in without the CSRF token (403), and a state change without it", async () => {
    const email = await newUser();
    const client = newClient();
    const res = await client.request({
      method: "POST",
      url: "/api/desk/sign-in",
      payload: { email, password: PASSWORD },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const { client: signedIn } = await signedInClient();
    const forged = await signedIn.post("/api/desk/sign-out", undefined, false);
    expect(forged.statusCode).toBe(403);
    const wrongToken = await signedIn.request({
      method: "POST",
      url: "/api/desk/sign-out",
      headers: { "x-csrf-token": "forged-token" },
      csrf: false,
    });
    expect(wrongToken.statusCode).toBe(403);
    expect((await signedIn.get("/api/desk/requests")).statusCode).toBe(200);
  });

  it("after 5 failed sign-ins for one account, answers 429 with Retry-After, even to the right password", async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) {
      // Each try from its own address: the account's own counter is what stops them.
      const res = await newClient().signIn(email, `wrong password ${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await newClient().signIn(email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().error).toMatch(/Try again in 15 minutes/);
    // Another account is not affected.
    expect((await newClient().signIn(await newUser(), PASSWORD)).statusCode).toBe(200);
  });

  it("after 5 failed sign-ins from one client, answers 429 whatever the account; successes do not count", async () => {
    const client = newClient();
    const mine = await newUser();
    for (let i = 0; i < 3; i++) expect((await client.signIn(mine, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await client.signIn(`stranger${i}@example.com`, "guessing a password")).statusCode).toBe(401);
    }
    const blocked = await client.signIn(mine, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Other clients can still sign in to that account.
    expect((await newClient().signIn(mine, PASSWORD)).statusCode).toBe(200);
  });

  describe("a known device (OWASP device cookie)", () => {
    /** A browser at a new address that carries only `from`'s device cookie (a phone that moved networks). */
    const carrying = (from: DeskClient) => {
      const phone = newClient();
      const cookie = from.cookies.get(DEVICE_COOKIE);
      if (cookie) phone.cookies.set(DEVICE_COOKIE, cookie);
      return phone;
    };
    const strangersLockOut = async (email: string) => {
      for (let i = 0; i < 5; i++) expect((await newClient().signIn(email, `stranger guess ${i}`)).statusCode).toBe(401);
      expect((await newClient().signIn(email, PASSWORD)).statusCode).toBe(429);
    };

    it("is a signed, HttpOnly, SameSite=Strict cookie for a year, issued only at a successful sign-in", async () => {
      const email = await newUser();
      const failed = await newClient().signIn(email, "wrong password");
      expect(failed.statusCode).toBe(401);
      expect(([] as string[]).concat(failed.headers["set-cookie"] ?? []).some((c) => c.includes(DEVICE_COOKIE))).toBe(
        false,
      );
      const res = await newClient().signIn(email, PASSWORD);
      const cookie = ([] as string[])
        .concat(res.headers["set-cookie"] ?? [])
        .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
      expect(cookie).toMatch(/; Max-Age=31536000/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
    });

    it("keeps its own allowance while strangers have locked the account; strangers stay locked out", async () => {
      const email = await newUser();
      const phone = newClient();
      expect((await phone.signIn(email, PASSWORD)).statusCode).toBe(200);
      await strangersLockOut(email);
      // The owner's phone, now on another network, gets in.
      const moved = carrying(phone);
      expect((await moved.signIn(email, PASSWORD)).statusCode).toBe(200);
      // The per-account limit still holds for everyone else.
      expect((await newClient().signIn(email, PASSWORD)).statusCode).toBe(429);
    });

    it("counts its own failed tries: five wrong from the known device lock that device, not the account", async () => {
      const email = await newUser();
      const laptop = newClient();
      expect((await laptop.signIn(email, PASSWORD)).statusCode).toBe(200);
      const phone = carrying(laptop);
      for (let i = 0; i < 5; i++) expect((await phone.signIn(email, `typo ${i}`)).statusCode).toBe(401);
      const locked = await phone.signIn(email, PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
      // Those tries were the device's: a stranger's allowance for the account is untouched.
      expect((await newClient().signIn(email, PASSWORD)).statusCode).toBe(200);
    });

    it("still obeys the per-client limit: a known device at an address that used up its tries gets 429", async () => {
      const email = await newUser();
      const phone = newClient();
      expect((await phone.signIn(email, PASSWORD)).statusCode).toBe(200);
      const sameAddress = new DeskClient(app, phone.remoteAddress);
      for (let i = 0; i < 5; i++) {
        expect((await sameAddress.signIn(`someone${userCount}-${i}@example.com`, "guess")).statusCode).toBe(401);
      }
      expect((await phone.signIn(email, PASSWORD)).statusCode).toBe(429);
    });

    it("counts for nothing when altered, from another account, or after a password reset", async () => {
      const email = await newUser();
      const phone = newClient();
      expect((await phone.signIn(email, PASSWORD)).statusCode).toBe(200);
      const other = newClient();
      expect((await other.signIn(await newUser(), PASSWORD)).statusCode).toBe(200);
      await strangersLockOut(email);
      const genuine = phone.cookies.get(DEVICE_COOKIE) ?? "";
      const [id, nonce, mac] = genuine.split(".");
      const forged = [
        `${id}.${nonce}.${mac?.slice(0, -2)}AA`,
        `${id}.${nonce?.slice(0, -2)}AA.${mac}`,
        `${Number(id) + 1}.${nonce}.${mac}`,
        "garbage",
      ];
      for (const value of forged) {
        const tampered = newClient();
        tampered.cookies.set(DEVICE_COOKIE, value);
        expect((await tampered.signIn(email, PASSWORD)).statusCode).toBe(429);
      }
      // Another account's device cookie is a stranger to this account.
      expect((await carrying(other).signIn(email, PASSWORD)).statusCode).toBe(429);
      // A new password forgets every device.
      await resetPassword(db.db, email, `${PASSWORD} again`);
      expect((await carrying(phone).signIn(email, `${PASSWORD} again`)).statusCode).toBe(429);
    });
  });

  it("ends a session after 12 hours idle", async () => {
    const { client } = await signedInClient();
    clock += SESSION_IDLE_MS - 60_000;
    expect((await client.get("/api/desk/requests")).statusCode).toBe(200);
    clock += SESSION_IDLE_MS - 60_000; // active a minute before the end: still alive
    expect((await client.get("/api/desk/requests")).statusCode).toBe(200);
    clock += SESSION_IDLE_MS + 1;
    expect((await client.get("/api/desk/requests")).statusCode).toBe(401);
  });

  it("ends a session 30 days after sign-in however active it is", async () => {
    const { client } = await signedInClient();
    const signedInAt = clock;
    while (clock + 11 * HOUR < signedInAt + SESSION_ABSOLUTE_MS) {
      clock += 11 * HOUR;
      const res = await client.get("/api/desk/session");
      expect(res.statusCode).toBe(200);
    }
    clock = signedInAt + SESSION_ABSOLUTE_MS + 1;
    expect((await client.get("/api/desk/requests")).statusCode).toBe(401);
  });

  it("signing out ends the session on the server: the old cookie no longer works", async () => {
    const { client } = await signedInClient();
    const cookie = client.cookies.get(SESSION_COOKIE);
    expect(cookie).toBeTruthy();
    const out = await client.post("/api/desk/sign-out");
    expect(out.statusCode).toBe(204);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = await app.inject({
      method: "GET",
      url: "/api/desk/requests",
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it("removing a user or resetting their password ends their sessions", async () => {
    const removed = await signedInClient();
    const reset = await signedInClient();
    const bystander = await signedInClient();
    await removeUser(db.db, removed.email);
    const { sessionsEnded } = await resetPassword(db.db, reset.email, "a brand new long password");
    expect(sessionsEnded).toBe(1);
    expect((await removed.client.get("/api/desk/requests")).statusCode).toBe(401);
    expect((await reset.client.get("/api/desk/requests")).statusCode).toBe(401);
    expect((await bystander.client.get("/api/desk/requests")).statusCode).toBe(200);
    // A request in flight when the password changed does not bring the session back.
    expect((await reset.client.get("/api/desk/session")).statusCode).toBe(401);
    expect((await newClient().signIn(reset.email, "a brand new long password")).statusCode).toBe(200);
  });

  it("stores a hash of the session id, never the id the cookie carries", async () => {
    const { client } = await signedInClient();
    const id = client.cookies.get(SESSION_COOKIE) ?? "";
    const rows = await db.db.select({ id: deskSessions.id }).from(deskSessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(id);
  });
});
