import { Maximize2, Minimize2, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { cn } from "@/lib/utils";
import { ChatInput } from "./ChatInput";
import { ChatMessages } from "./ChatMessages";
import type { useChat } from "./use-chat";

export interface ChatWindowProps {
  chat: ReturnType<typeof useChat>;
  minimized: boolean;
  onToggleMinimized: () => void;
  onClose: () => void;
  /** Focus the panel when it mounts: when the visitor opened it, not when it came back open on a new page. */
  takeFocus: boolean;
}

/**
 * The widget's panel: a labelled, non-modal dialog, 320 x 384 px, or only its 64 px header when
 * minimized. Loaded the first time the visitor opens the chat, so pages don't pay for it up front.
 */
export default function ChatWindow({ chat, minimized, onToggleMinimized, onClose, takeFocus }: ChatWindowProps) {
  const panel = useRef<HTMLDivElement>(null);
  /** Read once, on mount: later, (un)minimizing is always the visitor's own act and moves the focus. */
  const skipFocus = useRef(!takeFocus);

  useEffect(() => {
    if (skipFocus.current) {
      skipFocus.current = false; // the panel came back open on a new page: the page keeps its focus
      return;
    }
    const target = panel.current?.querySelector<HTMLElement>(minimized ? "button" : "textarea") ?? panel.current;
    target?.focus();
  }, [minimized]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-widget-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={cn(
        "flex w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl",
        minimized ? "h-16" : "h-96",
      )}
      data-testid="chat-panel"
      data-state={minimized ? "minimized" : "expanded"}
    >
      <div className="flex h-16 shrink-0 items-center justify-between bg-ink px-4 text-white">
        <h2 id="chat-widget-title" className="font-bold">
          Chat with Us
        </h2>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={onToggleMinimized}
            className="rounded-md p-1.5 hover:bg-white/10"
            aria-label={minimized ? "Expand chat" : "Minimize chat"}
          >
            {minimized ? (
              <Maximize2 className="size-4" aria-hidden="true" />
            ) : (
              <Minimize2 className="size-4" aria-hidden="true" />
            )}
          </button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1.5 hover:bg-white/10"
            aria-label="Close chat"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      {!minimized && (
        <>
          <ChatMessages
            messages={chat.messages}
            pending={chat.pending}
            titles={chat.titles}
            className="min-h-0 flex-1"
          />
          <ChatInput pending={chat.pending} onSend={chat.send} />
        </>
      )}
    </div>
  );
}
