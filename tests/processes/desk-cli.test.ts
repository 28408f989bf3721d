import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { lockDataDir } from "../../server/db/lock";
import { partnerWebhookKey } from "../../server/features/alerts/webhook-sender";
import { verifyPassword } from "../../server/features/desk/passwords";
import { findUser } from "../../server/features/desk/users";
import { runCli } from "../support/cli";
import { databaseTargets } from "../support/databases";

/** Runs `npm run desk -- …` as the owner would, with the password on standard input. */
const desk = (args: string[], env: Record<string, string>, stdin = "") =>
  runCli("server/features/desk/cli.ts", args, env, stdin);

describe.each(databaseTargets)("npm run desk on $kind", (target) => {
  let place: Awaited<ReturnType<typeof target.create>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    place = await target.create();
    env = { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "" };
  });
  afterAll(async () => {
    await place?.dispose();
  });

  const check = async (email: string, password: string) => {
    const db = await openDatabase(place);
    try {
      const user = await findUser(db.db, email);
      return user ? verifyPassword(password, user.passwordHash) : undefined;
    } finally {
      await db.close();
    }
  };

  // The first command creates the PGlite database (13-17 s on a quiet machine): room for a busy one.
  it("adds, lists, resets and removes users; the password comes from standard input", {
    timeout: 240_000,
  }, async () => {
    const added = await desk(["add-user", "Owner@Example.com"], env, "first long password\n");
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/Added desk user owner@example\.com/);
    expect(await check("owner@example.com", "first long password")).toBe(true);

    const again = await desk(["add-user", "owner@example.com"], env, "another long password\n");
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already a desk user owner@example\.com/);

    const short = await desk(["add-user", "short@example.com"], env, "too short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);

    const listed = await desk(["list-users"], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^owner@example\.com\t/m);
    expect(listed.stdout).not.toMatch(/short@example\.com|scrypt/);

    const reset = await desk(["reset-password", "owner@example.com"], env, "second long password\n");
    expect(reset.code).toBe(0);
    expect(await check("owner@example.com", "second long password")).toBe(true);
    expect(await check("owner@example.com", "first long password")).toBe(false);

    const removed = await desk(["remove-user", "owner@example.com"], env);
    expect(removed.code).toBe(0);
    expect(await check("owner@example.com", "second long password")).toBeUndefined();
    expect((await desk(["remove-user", "owner@example.com"], env)).stderr).toMatch(/no desk user/);
    expect((await desk(["frobnicate"], env)).code).toBe(2);
  });

  if (target.kind === "pglite") {
    it("refuses clearly while a server holds the database folder", async () => {
      // This test process plays the running server: it holds the folder's lock.
      const lock = await lockDataDir(place.dataDir);
      try {
        const res = await desk(["add-user", "late@example.com"], env, "a long enough password\n");
        expect(res.code).toBe(1);
        expect(res.stderr).toMatch(/is in use by another running server \(process \d+\)/);
        expect(res.stderr).toMatch(/stop the other server/);
      } finally {
        await lock.release();
      }
      expect(await check("late@example.com", "a long enough password")).toBeUndefined();
    });
  }
});

describe("npm run desk -- partner-key", () => {
  const secret = "partner-webhook-secret-0123456789";
  it("prints the key the server signs that partner's webhooks with, without the database", async () => {
    // No DATA_DIR of its own: it must not open (or create) a database.
    const key = await desk(["partner-key", "7"], { PARTNER_WEBHOOK_SECRET: secret, DATA_DIR: "/nonexistent/towing" });
    expect(key.code).toBe(0);
    expect(key.stdout.trim()).toBe(partnerWebhookKey(secret, 7));
    expect(key.stdout.trim()).not.toBe(partnerWebhookKey(secret, 8));
    const unset = await desk(["partner-key", "7"], { PARTNER_WEBHOOK_SECRET: "" });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/PARTNER_WEBHOOK_SECRET is not set/);
    expect((await desk(["partner-key", "seven"], { PARTNER_WEBHOOK_SECRET: secret })).code).toBe(2);
  });
});
