import { Info } from "lucide-react";
import { ChatInput } from "./ChatInput";
import { ChatMessages } from "./ChatMessages";
import { useChat } from "./use-chat";

/** The /chat page's conversation: welcome, a fixed-height scrolling area, the text box. */
export function ChatPage() {
  const { messages, pending, send } = useChat();
  return (
    <section aria-label="Chat" className="overflow-hidden rounded-xl border border-slate-200 shadow-sm">
      <div className="border-b border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-ink">Welcome to our chat</h2>
        <p className="text-sm text-slate-600">Ask about our services, the towns we cover, our hours or towing rules.</p>
      </div>
      <ChatMessages messages={messages} pending={pending} className="h-96" />
      <ChatInput pending={pending} onSend={send} />
      <p className="flex items-center gap-1.5 border-t border-slate-100 bg-white px-4 py-2 text-xs text-slate-600">
        <Info className="size-3.5" aria-hidden="true" />
        This chat is not saved: the history is lost when you refresh or leave the page.
      </p>
    </section>
  );
}
