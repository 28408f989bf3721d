import { z } from "zod";
import { locales } from "../i18n/locales";
import { MAX_CHAT_CHARS } from "./chat-text";

export { MAX_CHAT_CHARS } from "./chat-text";

/**
 * POST /api/chat's body, checked on the server; the page trims and skips empty text itself. `lang` is
 * the page's language: the Spanish pages send "es", so that a greeting, "ok" or a town's name is
 * answered in Spanish there (a message written in Spanish is answered in Spanish on any page).
 */
export const chatRequestSchema = z.object({
  text: z
    .string({
      required_error: 'Send the message as {"text": "…"}.',
      invalid_type_error: "The message text must be a string.",
    })
    .trim()
    .min(1, { message: "Type a message first: an empty message cannot be answered." })
    .max(MAX_CHAT_CHARS, { message: `Messages can be at most ${MAX_CHAT_CHARS.toLocaleString("en-US")} characters.` }),
  /** The language of the page the message was typed on; the assistant may answer in it. */
  lang: z.enum(locales, { message: 'The language ("lang") must be "en" or "es", or left out.' }).optional(),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
/** The languages the assistant answers in. */
export type ChatLanguage = NonNullable<ChatRequest["lang"]>;
