import { Info } from "lucide-react";
import { useEffect } from "react";
import type { Locale } from "@/i18n/locales";
import type { Dictionary } from "@/i18n/ui";
import { countSiteEvent } from "@/screens/common/site-events";
import { ChatInput } from "./ChatInput";
import { ChatMessages } from "./ChatMessages";
import { useChat } from "./use-chat";

/** The id of chat.astro's <noscript> note, which the box points to while there is no script. */
export const CHAT_NEEDS_JS_ID = "chat-needs-javascript";

/**
 * The /chat page's conversation: welcome, a fixed-height scrolling area, the text box. The area's
 * height follows the screen's, so on a phone the box and the send button sit on the first screen,
 * above the call bar.
 */
export function ChatPage({ lang, strings }: { lang: Locale; strings: Dictionary["chat"] }) {
  const { messages, pending, send, titles } = useChat({ lang, failure: strings.failure });
  // The /chat page is the chat opened (the widget counts its own opening: src/scripts/site-events.ts).
  useEffect(() => countSiteEvent("chat_opened", "chat_page"), []);
  return (
    <section aria-label={strings.region} className="overflow-hidden rounded-xl border border-slate-200 shadow-sm">
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        <h2 className="text-lg font-bold text-ink">{strings.pageWelcome}</h2>
        <p className="hidden text-sm text-slate-600 sm:block">{strings.pageHint}</p>
      </div>
      <ChatMessages
        strings={strings}
        messages={messages}
        pending={pending}
        titles={titles}
        className="h-[clamp(8rem,calc(100dvh-27rem),24rem)] md:h-96"
      />
      <ChatInput strings={strings} pending={pending} onSend={send} noScriptNoteId={CHAT_NEEDS_JS_ID} />
      <p className="flex items-center gap-1.5 border-t border-slate-100 bg-white px-4 py-2 text-xs text-slate-600">
        <Info className="size-3.5" aria-hidden="true" />
        {strings.notSaved}
      </p>
    </section>
  );
}
