import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { MIN_PASSWORD_LENGTH } from "../../../src/shared/desk-schema";

/**
 * Desk passwords: scrypt from node:crypto (no native addon), a random 16-byte salt per password, and
 * the parameters stored beside the hash so they can be raised later without breaking old hashes.
 * Format: scrypt$N$r$p$salt(base64)$hash(base64).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** N=2^15, r=8 needs 32 MiB; Node's default cap (32 MiB) is just too small for it. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The strength a desk password needs on zxcvbn's 0-4 scale: 3 is about 10^10 guesses or more. */
const MIN_STRENGTH = 3;

/**
 * zxcvbn-ts with its common dictionaries (49,000 common passwords, and words): loaded only when a
 * password is set (the command line), never in the server.
 */
let strengthChecker: Promise<{ check(password: string, userInputs: string[]): { score: number } }> | undefined;
const checker = () => {
  strengthChecker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
    ]);
    const factory = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    return { check: (password: string, userInputs: string[]) => factory.check(password, userInputs) };
  })();
  return strengthChecker;
};

/**
 * Why a new password is refused, or undefined when it is acceptable: at least MIN_PASSWORD_LENGTH
 * characters, not the account's e-mail, not a common password, and not made of repeats, sequences,
 * keyboard rows or dictionary words with the e-mail's name (zxcvbn's estimate below MIN_STRENGTH).
 */
export async function passwordProblem(password: string, email = ""): Promise<string | undefined> {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > 1024) return "The password may have at most 1024 characters.";
  const normalEmail = email.trim().toLowerCase();
  if (normalEmail && password.trim().toLowerCase() === normalEmail) {
    return "The password must not be the account's e-mail address.";
  }
  const { score } = (await checker()).check(password, [normalEmail, normalEmail.split("@")[0] ?? ""]);
  if (score < MIN_STRENGTH) {
    return (
      "That password is too easy to guess: it is a common password, or made of repeats, sequences, keyboard " +
      "rows or common words. Use a longer phrase of several unrelated words."
    );
  }
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when the password matches the stored hash; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches in practice, checked when the e-mail names no account: the answer then
 * costs the same scrypt work as a wrong password, so timing does not tell which accounts exist.
 */
export const UNKNOWN_USER_HASH = [
  "scrypt",
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(16).toString("base64"),
  randomBytes(KEY_LENGTH).toString("base64"),
].join("$");
