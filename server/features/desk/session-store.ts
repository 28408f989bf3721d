import { createHash } from "node:crypto";
import type { SessionStore } from "@fastify/session";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deskSessions } from "../../db/schema";

/** Sessions end after 12 hours without a request, and 30 days after signing in whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** What the desk keeps in a session (besides @fastify/session's cookie). */
interface DeskSessionData {
  userId: number;
  email: string;
  /** Milliseconds since the epoch, when the user signed in. */
  signedInAt: number;
  /** The session's CSRF token: made at sign-in, never sent before it, so no other session knows it. */
  csrfToken: string;
  /** When last_seen_at was last written (ms); read from the row, never stored in `data`. */
  seenAt?: number;
}

/**
 * last_seen_at is written at most once a minute per session: the idle limit is 12 hours, and an
 * inbox that polls every 15 s should not cost a database write per poll.
 */
const SEEN_PRECISION_MS = 60_000;

declare module "fastify" {
  interface Session extends Partial<DeskSessionData> {}
}

/** The session id as stored: a hash, so a copy of the table holds no usable session. */
const storedSessionId = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");

type StoredSession = Parameters<SessionStore["set"]>[1];
type Callback = (error?: unknown) => void;

/**
 * @fastify/session's store over the desk_sessions table. Expiry is decided here, against the
 * injected clock (tests move it; @fastify/session's own check reads the real one):
 * idle since last_seen_at, absolute since created_at.
 *
 * A row is only ever created by `create` at sign-in. `set` (called after every request, as
 * sessions roll) only updates a row that still exists, so a request in flight while the user is
 * removed or their password reset cannot bring the session back.
 */
export class DeskSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async create(sessionId: string, data: DeskSessionData): Promise<void> {
    const now = this.now();
    await this.db.insert(deskSessions).values({
      id: storedSessionId(sessionId),
      userId: data.userId,
      data: JSON.stringify(data),
      createdAt: new Date(data.signedInAt),
      lastSeenAt: now,
    });
  }

  set(sessionId: string, session: StoredSession, callback: Callback): void {
    const data = session as unknown as Partial<DeskSessionData>;
    if (!data.userId) {
      callback();
      return;
    }
    const now = this.now();
    if (data.seenAt !== undefined && now.getTime() - data.seenAt < SEEN_PRECISION_MS) {
      callback();
      return;
    }
    const stored: DeskSessionData = {
      userId: data.userId,
      email: data.email ?? "",
      signedInAt: data.signedInAt ?? 0,
      csrfToken: data.csrfToken ?? "",
    };
    this.db
      .update(deskSessions)
      .set({ data: JSON.stringify(stored), lastSeenAt: now })
      .where(eq(deskSessions.id, storedSessionId(sessionId)))
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, result?: StoredSession | null) => void): void {
    this.read(sessionId).then((session) => callback(null, session as unknown as StoredSession | null), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.db
      .delete(deskSessions)
      .where(eq(deskSessions.id, storedSessionId(sessionId)))
      .then(() => callback(), callback);
  }

  private async read(sessionId: string): Promise<DeskSessionData | null> {
    const [row] = await this.db
      .select()
      .from(deskSessions)
      .where(eq(deskSessions.id, storedSessionId(sessionId)));
    if (!row) return null;
    const now = this.now().getTime();
    const idle = now - row.lastSeenAt.getTime() > SESSION_IDLE_MS;
    const tooOld = now - row.createdAt.getTime() > SESSION_ABSOLUTE_MS;
    if (idle || tooOld) {
      await this.db.delete(deskSessions).where(eq(deskSessions.id, storedSessionId(sessionId)));
      return null;
    }
    return { ...(JSON.parse(row.data) as DeskSessionData), seenAt: row.lastSeenAt.getTime() };
  }
}
