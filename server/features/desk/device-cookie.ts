import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's "device cookies" against lockout by strangers: a browser that has signed in to an account
 * gets a long-lived cookie saying so, and its sign-in tries for that account are counted against that
 * device alone, not against the account's allowance for unknown clients. Five wrong tries from
 * anywhere then lock strangers out of the account, while the owner's own phone keeps its own five.
 *
 * The cookie is `<user id>.<random nonce>.<HMAC-SHA256>`. Its key is the account's stored password
 * hash (a salted scrypt output only the server holds): every server process on the database can check
 * it without a secret of its own to set up, and a password reset (or removing the user) forgets every
 * device at once, as it ends every session.
 */
export const DEVICE_COOKIE = "desk_device";
/** A year: a phone the owner uses now and then stays known between uses. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A device the cookie proves has signed in to this account before; `id` is its nonce. */
export interface KnownDevice {
  userId: number;
  id: string;
}

interface Account {
  id: number;
  passwordHash: string;
}

const macOf = (account: Account, nonce: string) =>
  createHmac("sha256", account.passwordHash).update(`desk-device-cookie:${account.id}:${nonce}`).digest("base64url");

/** A new device cookie's value for `account`, issued at a successful sign-in. */
export function deviceCookieFor(account: Account): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${account.id}.${nonce}.${macOf(account, nonce)}`;
}

/** The known device the cookie names, when it was issued for this very account (and its password); else undefined. */
export function knownDevice(cookie: string | undefined, account: Account | undefined): KnownDevice | undefined {
  if (!cookie || !account) return undefined;
  const [userId, nonce, mac, ...rest] = cookie.split(".");
  if (rest.length > 0 || !nonce || !mac || userId !== String(account.id)) return undefined;
  const expected = Buffer.from(macOf(account, nonce));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: account.id, id: nonce };
}
