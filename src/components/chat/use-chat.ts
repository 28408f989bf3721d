import { useCallback, useRef, useState } from "react";
import type { Locale } from "@/i18n/locales";
import type { PageTitles } from "@/lib/format-reply";
import { apiRequest } from "@/screens/common/api-client";
import type { ChatRequest } from "@/shared/chat-schema";

/** A chat message as the specification describes it (the page keeps it in memory; the widget, for the tab's session). */
export interface ChatMessage {
  id: number;
  text: string;
  isUser: boolean;
}

let lastId = 0;
/** A timestamp id, nudged forward so two messages in the same millisecond still differ. */
const nextId = () => {
  lastId = Math.max(Date.now(), lastId + 1);
  return lastId;
};

let titlesRequest: Promise<PageTitles> | undefined;
/** Our pages' titles, fetched once per visit; without them a link simply shows its path. */
function loadPageTitles(): Promise<PageTitles> {
  titlesRequest ??= fetch("/page-titles.json")
    .then((res) => (res.ok ? (res.json() as Promise<PageTitles>) : {}))
    .catch(() => ({}));
  return titlesRequest;
}

/**
 * The conversation: send a message, wait for the reply, show the failure text when it fails.
 * Empty messages are not sent, and nothing is sent while a reply is pending. `lang` is the page's
 * language, sent with every message so the assistant answers in it; `failure` is said in it.
 */
export function useChat({ lang, failure }: { lang: Locale; failure: string }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [titles, setTitles] = useState<PageTitles>({});
  const pendingRef = useRef(false);

  /** Asks the assistant and adds its reply, or the failure text. */
  const ask = useCallback(
    async (text: string) => {
      pendingRef.current = true;
      setPending(true);
      try {
        const titlesLoaded = loadPageTitles();
        const res = await apiRequest("POST", "/api/chat", { text, lang } satisfies ChatRequest);
        const reply = await res.text();
        // The reply shows once the titles are in, so its links never change their words under the reader.
        setTitles(await titlesLoaded);
        setMessages((m) => [...m, { id: nextId(), text: reply, isUser: false }]);
      } catch (error) {
        console.error("Chat request failed:", error);
        setMessages((m) => [...m, { id: nextId(), text: failure, isUser: false }]);
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    },
    [lang, failure],
  );

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || pendingRef.current) return false;
      setMessages((m) => [...m, { id: nextId(), text, isUser: true }]);
      await ask(text);
      return true;
    },
    [ask],
  );

  /**
   * Takes up a conversation kept elsewhere (the widget's session, from another page or a later one).
   * If its last message is the visitor's, its reply never arrived (the visitor left the page first), so
   * it is asked again: the assistant only answers, it keeps nothing, so asking twice changes nothing but
   * the wait.
   */
  const resume = useCallback(
    (kept: ChatMessage[]) => {
      if (pendingRef.current) return;
      setMessages(kept);
      const last = kept.at(-1);
      if (last?.isUser) void ask(last.text);
    },
    [ask],
  );

  return { messages, pending, send, resume, titles };
}
