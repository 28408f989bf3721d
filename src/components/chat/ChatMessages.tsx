import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import type { Dictionary } from "@/i18n/ui";
import { formatReply, type PageTitles } from "@/lib/format-reply";
import type { ChatMessage } from "./use-chat";

/**
 * The scrolling message area: follows the newest message, showing a reply from its first line (a long
 * answer would otherwise open on its closing words); shows the welcome text when empty.
 */
export function ChatMessages({
  messages,
  pending,
  titles,
  className,
  strings,
}: {
  strings: Dictionary["chat"];
  messages: ChatMessage[];
  pending: boolean;
  /** Our pages' titles, so a reply's links to them read as names, not paths. */
  titles?: PageTitles;
  className?: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the typing indicator appears
  useEffect(() => {
    // Scroll the area itself, not the page around it (scrollIntoView would move the page too).
    const el = area.current;
    if (!el) return;
    const reply = messages.at(-1)?.isUser === false && !pending ? el.querySelector("li:last-child") : null;
    el.scrollTop = reply instanceof HTMLElement ? reply.offsetTop - 12 : el.scrollHeight;
  }, [messages.length, pending]);

  return (
    <div
      ref={area}
      className={cn("relative overflow-y-auto overscroll-contain bg-slate-50 p-3", className)}
      role="log"
      aria-live="polite"
      aria-label={strings.log}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
      data-testid="chat-messages"
    >
      {messages.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{strings.welcome}</p>
      ) : (
        <ul className="space-y-2">
          {messages.map((m) => (
            <li key={m.id} className={cn("flex", m.isUser ? "justify-end" : "justify-start")}>
              <p
                className={cn(
                  "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap",
                  m.isUser ? "bg-ink text-white" : "border border-slate-200 bg-white text-slate-800",
                )}
                data-testid={m.isUser ? "user-message" : "bot-message"}
              >
                <span className="sr-only">{m.isUser ? strings.you : strings.assistant}</span>
                {m.isUser ? m.text : formatReply(m.text, titles)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <p className="mt-2 flex items-center gap-1 text-sm text-slate-600" data-testid="typing-indicator">
          <span className="sr-only">{strings.typing}</span>
          <span className="size-2 animate-bounce rounded-full bg-slate-400" aria-hidden="true" />
          <span
            className="size-2 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]"
            aria-hidden="true"
          />
          <span
            className="size-2 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]"
            aria-hidden="true"
          />
        </p>
      )}
    </div>
  );
}
