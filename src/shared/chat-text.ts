/**
 * The chat's fixed words and its length limit, apart from the zod schema (chat-schema.ts) so that the
 * chat page and widget do not ship zod to the browser for three constants.
 */

/** The longest message the assistant reads; a driver's question is a sentence or two. */
export const MAX_CHAT_CHARS = 2000;
