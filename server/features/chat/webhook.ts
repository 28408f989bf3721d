import type { ChatLanguage } from "../../../src/shared/chat-schema";

/** The most text we pass on from an outside bot; anything longer is cut. */
export const MAX_WEBHOOK_REPLY_CHARS = 4000;

/**
 * Forwards a chat message to an outside bot as {"text": "…"} (with "lang" when the page sent its
 * language, so the bot can answer a Spanish page in Spanish) and returns its plain-text answer.
 * Throws on a timeout, a non-OK status, an empty answer or a network failure, so the caller can
 * fall back to the built-in assistant.
 */
export async function askWebhook(url: string, text: string, timeoutMs: number, lang?: ChatLanguage): Promise<string> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/plain" },
    body: JSON.stringify(lang ? { text, lang } : { text }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`chat webhook answered ${res.status}`);
  const reply = (await res.text()).trim();
  if (!reply) throw new Error("chat webhook answered with an empty body");
  return reply.slice(0, MAX_WEBHOOK_REPLY_CHARS);
}
