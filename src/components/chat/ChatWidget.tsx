import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useChat } from "./use-chat";
import { readSession, writeSession } from "./widget-session";

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
 * click both loads the code and opens the panel. The panel's code loads on first open.
 *
 * Its conversation, and whether the panel is open or minimized, is kept for the tab's session
 * (./widget-session), so it survives moving between pages: while the panel is open, the next page
 * loads the widget at once (client:touch's resume key) and shows the panel where it was, without
 * taking the focus from the page. It pre-renders the same on every page: on /chat a style hides the
 * link (html[data-chat-page]), and once hydrated the component hides itself.
 */
export function ChatWidget() {
  const [kept] = useState(readSession);
  const chat = useChat(kept.messages);
  const [open, setOpen] = useState(kept.open);
  const [minimized, setMinimized] = useState(kept.minimized);
  /** Whether the visitor opened the panel on this page (then it takes the focus) or it came back open. */
  const [openedHere, setOpenedHere] = useState(false);
  const [hidden, setHidden] = useState(false);
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const { messages, restore } = chat;

  useEffect(() => setHidden(onChatPage()), []);
  useEffect(() => writeSession({ messages, open, minimized }), [messages, open, minimized]);

  // Back to a page the browser kept in memory: its widget is as it was then, the session may have moved on.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const session = readSession();
      restore(session.messages);
      setOpen(session.open);
      setMinimized(session.minimized);
      setOpenedHere(false);
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, [restore]);

  const toggle = () => {
    setMinimized(false); // opening always shows the whole panel
    setOpenedHere(true);
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
            takeFocus={openedHere}
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
