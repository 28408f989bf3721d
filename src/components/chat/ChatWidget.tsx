import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useChat } from "./use-chat";

const ChatWindow = lazy(() => import("./ChatWindow"));

/** The chat page is the chat; the floating widget stays out of its way there. */
const onChatPage = () => location.pathname.replace(/\/+$/, "") === "/chat";

/**
 * The floating chat button on every page. It holds the conversation, and Astro's router keeps this
 * island (transition:persist) so the conversation survives moving between pages. The panel's code
 * loads on first open.
 */
export function ChatWidget() {
  const chat = useChat();
  const [open, setOpen] = useState(false);
  const [minimized, setMinimized] = useState(false);
  const [hidden, setHidden] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const update = () => setHidden(onChatPage());
    update();
    document.addEventListener("astro:page-load", update);
    return () => document.removeEventListener("astro:page-load", update);
  }, []);

  const toggle = () => {
    setMinimized(false); // opening always shows the whole panel
    setOpen((o) => !o);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  if (hidden) return null;
  return (
    <div className="fixed right-4 bottom-24 z-40 flex flex-col items-end gap-3 md:right-6 md:bottom-6">
      {open && (
        <Suspense fallback={null}>
          <ChatWindow
            chat={chat}
            minimized={minimized}
            onToggleMinimized={() => setMinimized((m) => !m)}
            onClose={close}
          />
        </Suspense>
      )}
      <button
        ref={button}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-label={open ? "Close chat" : "Open chat"}
        className="grid size-14 place-items-center rounded-full bg-brand-500 text-ink shadow-lg hover:bg-brand-400"
        data-testid="chat-toggle"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </button>
    </div>
  );
}
