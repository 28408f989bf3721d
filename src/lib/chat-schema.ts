import { z } from "zod";

/** The longest message the assistant reads; a driver's question is a sentence or two. */
export const MAX_CHAT_CHARS = 2000;

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

/** What the widget and the page show when the server or the network fails. */
export const CHAT_FAILURE_TEXT = "Sorry, something went wrong. Please try again.";
export const CHAT_WELCOME_TEXT = "Welcome! How can we help you today?";
