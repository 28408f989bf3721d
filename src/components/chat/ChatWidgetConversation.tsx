import { useEffect, useLayoutEffect, useState } from "react";
import type { Locale } from "@/i18n/locales";
import type { Dictionary } from "@/i18n/ui";
import { ChatInput } from "./ChatInput";
import { ChatMessages } from "./ChatMessages";
import { useChat } from "./use-chat";
import { readConversation, writeConversation } from "./widget-session";

/**
 * The floating widget's conversation (the island inside ChatWidget.astro's panel). It takes up what
 * an earlier page left in the tab's session before its first paint, keeps every change there for the
 * next page, and takes it up again when Back or Forward show this page from the browser's memory.
 */
export function ChatWidgetConversation({ lang, strings }: { lang: Locale; strings: Dictionary["chat"] }) {
  const { messages, pending, send, resume, titles } = useChat({ lang, failure: strings.failure });
  const [resumed, setResumed] = useState(false);

  useLayoutEffect(() => {
    resume(readConversation());
    setResumed(true);
  }, [resume]);

  useEffect(() => {
    // Not before the kept conversation is back: the empty first render must not overwrite it.
    if (resumed) writeConversation(messages);
  }, [messages, resumed]);

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) resume(readConversation());
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, [resume]);

  return (
    <>
      <ChatMessages
        strings={strings}
        messages={messages}
        pending={pending}
        titles={titles}
        className="min-h-0 flex-1"
      />
      <ChatInput strings={strings} pending={pending} onSend={send} />
    </>
  );
}
