import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { requestPageLinks } from "../../db/schema";
import { newPageToken, pageTokenHash } from "../../shared/page-tokens";

/**
 * A fresh link to a caller's own request page, for the owner to text from the desk. Only the token's
 * hash is kept, so a link cannot be shown again: the owner makes a new one with one tap, and it replaces
 * the one the desk made before (that one stops working). The links the form's answer or the e-mail gave
 * stay as they were. The token is returned once, to the signed-in desk, and never logged.
 */
export async function replaceDeskPageLink(db: Db, requestId: number): Promise<string> {
  const token = newPageToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(requestPageLinks)
      .where(and(eq(requestPageLinks.serviceRequestId, requestId), eq(requestPageLinks.madeAtDesk, true)));
    await tx
      .insert(requestPageLinks)
      .values({ serviceRequestId: requestId, tokenSha256: pageTokenHash(token), madeAtDesk: true });
  });
  return token;
}
