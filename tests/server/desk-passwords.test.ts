import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { passwordProblem } from "../../server/features/desk/passwords";
import { addUser, resetPassword } from "../../server/features/desk/users";

/**
 * Desk passwords (set with `npm run desk`): at least 12 characters, not the account's e-mail, and not
 * guessable: zxcvbn-ts with its list of 49,000 common passwords, repeats, sequences and keyboard rows.
 * The probe had the CLI accept "aaaaaaaaaaaa" and "password1234".
 */
describe("desk passwords", () => {
  it.each([
    ["aaaaaaaaaaaa", /too easy to guess/],
    ["password1234", /too easy to guess/],
    ["qwertyuiop123", /too easy to guess/],
    ["123456789012", /too easy to guess/],
    ["iloveyou2026", /too easy to guess/],
    ["towing123456", /too easy to guess/],
    ["Owner@Example.com", /must not be the account's e-mail/],
    ["short1!", /at least 12 characters/],
  ])("refuses %s", async (password, problem) => {
    expect(await passwordProblem(password, "owner@example.com")).toMatch(problem);
  });

  it("refuses a password built from the account's own name", async () => {
    expect(await passwordProblem("maria.lopez.2026", "maria.lopez@example.com")).toMatch(/too easy to guess/);
  });

  it("accepts a long phrase of unrelated words", async () => {
    expect(await passwordProblem("correct horse battery staple", "owner@example.com")).toBeUndefined();
    expect(await passwordProblem("tow truck at midnight on March Lane", "owner@example.com")).toBeUndefined();
  });

  it("is what add-user and reset-password check (before touching the database)", async () => {
    const noDb = {} as Db;
    await expect(addUser(noDb, "owner@example.com", "password1234")).rejects.toThrow(/too easy to guess/);
    await expect(resetPassword(noDb, "owner@example.com", "aaaaaaaaaaaa")).rejects.toThrow(/too easy to guess/);
    await expect(addUser(noDb, "owner@example.com", "owner@example.com")).rejects.toThrow(/e-mail/);
  });
});
