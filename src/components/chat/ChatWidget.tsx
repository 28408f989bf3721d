import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useChat } from "./use-chat";

const ChatWindow = lazy(() => import("./ChatWindow"));

/** The chat page is the chat; the floating widget stays out of its way there. */
const onChatPage = () => location.pathname.replace(/\/+$/, "") === "/chat";

/**
 * Where the button sits: on phones inside the call bar's row (the call bar leaves room for it, see
 * MobileCallBar), so it never covers the page; on wider screens in the corner.
 */
const corner = "fixed right-3 bottom-3 z-40 md:right-6 md:bottom-6";
const buttonClass =
  "grid size-12 place-items-center rounded-full bg-ink text-white shadow-lg ring-2 ring-white hover:bg-slate-700 md:size-14 md:bg-brand-500 md:text-ink md:ring-0 md:hover:bg-brand-400";

/**
 * The floating chat button on every page but /chat. Pre-rendered (and without JavaScript, or before
 * its code is in) it is a plain link to /chat; the layout loads it with `client:touch`, so the first
 * click both loads the code and opens the panel. It holds the conversation, and Astro's router keeps
 * this island (transition:persist) so the conversation survives moving between pages. That is also
 * why it pre-renders the same on every page: on /chat a style hides the link (html[data-chat-page]),
 * and once hydrated the component hides itself. The panel's code loads on first open.
 */
export function ChatWidget() {
  const chat = useChat();
  const [open, setOpen] = useState(false);
  const [minimized, setMinimized] = useState(false);
  const [hidden, setHidden] = useState(false);
  const hydrated = useHydrated();
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
  if (!hydrated) {
    return (
      <a
        href="/chat"
        className={`${corner} ${buttonClass}`}
        aria-label="Chat with us"
        data-testid="chat-toggle"
        data-touch="chat"
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </a>
    );
  }
  return (
    <div className={`${corner} flex flex-col items-end gap-3`}>
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
        className={buttonClass}
        data-testid="chat-toggle"
        data-touch-live="chat"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </button>
    </div>
  );
}
