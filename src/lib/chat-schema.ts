import { z } from "zod";
import { MAX_CHAT_CHARS } from "./chat-text";

export { CHAT_FAILURE_TEXT, CHAT_WELCOME_TEXT, MAX_CHAT_CHARS } from "./chat-text";

/** POST /api/chat's body, checked on the server; the page trims and skips empty text itself. */
export const chatRequestSchema = z.object({
  text: z
    .string({
      required_error: 'Send the message as {"text": "…"}.',
      invalid_type_error: "The message text must be a string.",
    })
    .trim()
    .min(1, { message: "Type a message first: an empty message cannot be answered." })
    .max(MAX_CHAT_CHARS, { message: `Messages can be at most ${MAX_CHAT_CHARS.toLocaleString("en-US")} characters.` }),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
