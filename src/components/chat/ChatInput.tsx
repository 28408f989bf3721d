import { SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useScriptRunning } from "@/components/ui/use-script-running";
import type { Dictionary } from "@/i18n/ui";
import { MAX_CHAT_CHARS } from "@/shared/chat-text";

/** The text box grows with its text from 32 px up to 80 px, then scrolls. */
const INPUT_MIN_PX = 32;
const INPUT_MAX_PX = 80;

/**
 * The text box's behaviour around React's: what was typed before hydration kept, the height following
 * the text, and the focus back in the box once a reply is in. Answers the box's ref.
 */
function useChatTextBox(text: string, setText: (text: string) => void, pending: boolean) {
  const box = useRef<HTMLTextAreaElement>(null);

  // Text typed into the pre-rendered box before React took it over: React leaves it in the box, and
  // it becomes the state here before anything renders again.
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed) setText(typed);
  }, [setText]); // React's state setter never changes: this runs once, at hydration

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, which the browser measures
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = `${INPUT_MIN_PX}px`;
    el.style.height = `${Math.min(Math.max(el.scrollHeight, INPUT_MIN_PX), INPUT_MAX_PX)}px`;
  }, [text]);

  // Focus returns to the box once the reply is in, so the driver can type the next question.
  const wasPending = useRef(pending);
  useLayoutEffect(() => {
    if (wasPending.current && !pending) box.current?.focus();
    wasPending.current = pending;
  }, [pending]);

  return box;
}

/**
 * Type, Enter to send, Shift+Enter for a new line; disabled while a reply is pending.
 *
 * Where the page says what to do without JavaScript (`noScriptNoteId`, the /chat page), the box is off
 * until the script runs, pointing at that note. Elsewhere (the widget's panel, which only opens with
 * scripts on) the box takes text at once, and what was typed before the island loaded is kept.
 */
export function ChatInput({
  pending,
  onSend,
  noScriptNoteId,
  strings,
}: {
  strings: Dictionary["chat"];
  pending: boolean;
  onSend: (text: string) => Promise<boolean>;
  /** The note that explains, without JavaScript, why the box is off (the page's <noscript>). */
  noScriptNoteId?: string;
}) {
  const [text, setText] = useState("");
  const scriptRunning = useScriptRunning();
  const offUntilScript = noScriptNoteId !== undefined && !scriptRunning;
  const box = useChatTextBox(text, setText, pending);
  const id = useId();

  const submit = () => {
    if (!text.trim() || pending) return;
    setText("");
    void onSend(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 bg-white p-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {strings.inputLabel}
      </label>
      <textarea
        ref={box}
        id={id}
        rows={1}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={pending || offUntilScript}
        aria-describedby={offUntilScript ? noScriptNoteId : undefined}
        maxLength={MAX_CHAT_CHARS}
        placeholder={strings.placeholder}
        className="block min-h-8 flex-1 resize-none rounded-md border border-slate-300 px-2 py-1 text-sm leading-5 text-ink placeholder:text-slate-500 focus-visible:border-brand-600 disabled:bg-slate-100"
        style={{ height: INPUT_MIN_PX, maxHeight: INPUT_MAX_PX }}
        data-testid="chat-input"
      />
      <Button type="submit" size="icon-sm" disabled={pending || !text.trim()} aria-label={strings.send}>
        <SendHorizontal className="size-4" aria-hidden="true" />
      </Button>
    </form>
  );
}
