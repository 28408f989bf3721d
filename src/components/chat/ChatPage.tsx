import { Info } from "lucide-react";
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
export function ChatPage() {
  const { messages, pending, send, titles } = useChat();
  return (
    <section aria-label="Chat" className="overflow-hidden rounded-xl border border-slate-200 shadow-sm">
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        <h2 className="text-lg font-bold text-ink">Welcome to our chat</h2>
        <p className="hidden text-sm text-slate-600 sm:block">
          Ask about our services, the towns we cover, our hours or towing rules.
        </p>
      </div>
      <ChatMessages
        messages={messages}
        pending={pending}
        titles={titles}
        className="h-[clamp(8rem,calc(100dvh-27rem),24rem)] md:h-96"
      />
      <ChatInput pending={pending} onSend={send} noScriptNoteId={CHAT_NEEDS_JS_ID} />
      <p className="flex items-center gap-1.5 border-t border-slate-100 bg-white px-4 py-2 text-xs text-slate-600">
        <Info className="size-3.5" aria-hidden="true" />
        This chat is not saved: the history is lost when you refresh or leave the page.
      </p>
    </section>
  );
}
