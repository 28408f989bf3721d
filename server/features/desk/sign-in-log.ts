import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deskSignIns } from "../../db/schema";

/**
 * How long sign-in attempts are kept. Long enough to look back on a break-in attempt; not forever,
 * since a client address is personal data.
 */
const SIGN_IN_LOG_DAYS = 90;

/** What the sign-in log records when the typed "e-mail" is not one (it may be a password typed in the wrong box). */
export const NOT_AN_EMAIL = "(not an e-mail)";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The typed e-mail, when it is a well-formed address; otherwise NOT_AN_EMAIL, so nothing else typed is kept. */
export const typedEmailForLog = (email: string) => (EMAIL.test(email) && email.length <= 254 ? email : NOT_AN_EMAIL);

/** Records one sign-in attempt and drops the ones older than SIGN_IN_LOG_DAYS (index on `at`). */
export async function recordSignIn(db: Db, entry: typeof deskSignIns.$inferInsert & { at: Date }) {
  await db.insert(deskSignIns).values(entry);
  const cutoff = new Date(entry.at.getTime() - SIGN_IN_LOG_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(deskSignIns).where(lt(deskSignIns.at, cutoff));
}
