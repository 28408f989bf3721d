import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deskSessions, deskUsers } from "../../db/schema";
import { hashPassword, passwordProblem } from "./passwords";

/** Desk accounts: made, changed and removed from the command line only (server/features/desk/cli.ts). */

export class DeskUserError extends Error {
  override name = "DeskUserError";
}

/** E-mail addresses are compared lower-case and trimmed, as typed at sign-in. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkEmail(email: string): string {
  const normal = normalizeEmail(email);
  if (!EMAIL.test(normal) || normal.length > 254) throw new DeskUserError(`"${email}" is not an e-mail address.`);
  return normal;
}

async function checkPassword(password: string, email: string) {
  const problem = await passwordProblem(password, email);
  if (problem) throw new DeskUserError(problem);
}

export async function findUser(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(deskUsers)
    .where(eq(deskUsers.email, normalizeEmail(email)));
  return user;
}

export async function addUser(db: Db, email: string, password: string) {
  const normal = checkEmail(email);
  await checkPassword(password, normal);
  if (await findUser(db, normal)) throw new DeskUserError(`There is already a desk user ${normal}.`);
  const passwordHash = await hashPassword(password);
  const [user] = await db
    .insert(deskUsers)
    .values({ email: normal, passwordHash })
    .onConflictDoNothing()
    .returning({ id: deskUsers.id, email: deskUsers.email });
  if (!user) throw new DeskUserError(`There is already a desk user ${normal}.`);
  return user;
}

/** Sets a new password and ends every session of the user (a stolen session dies with the old password). */
export async function resetPassword(db: Db, email: string, password: string) {
  const normal = normalizeEmail(email);
  await checkPassword(password, normal);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(deskUsers)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(deskUsers.email, normal))
      .returning({ id: deskUsers.id });
    if (!user) throw new DeskUserError(`There is no desk user ${normal}.`);
    const ended = await tx
      .delete(deskSessions)
      .where(eq(deskSessions.userId, user.id))
      .returning({ id: deskSessions.id });
    return { sessionsEnded: ended.length };
  });
}

/** Removes the user; their sessions go with them (foreign key, on delete cascade). */
export async function removeUser(db: Db, email: string) {
  const normal = normalizeEmail(email);
  const [user] = await db.delete(deskUsers).where(eq(deskUsers.email, normal)).returning({ id: deskUsers.id });
  if (!user) throw new DeskUserError(`There is no desk user ${normal}.`);
}

export async function listUsers(db: Db) {
  return db
    .select({ email: deskUsers.email, createdAt: deskUsers.createdAt, passwordChangedAt: deskUsers.passwordChangedAt })
    .from(deskUsers)
    .orderBy(asc(deskUsers.email));
}
