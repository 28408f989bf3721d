import { readSessionItem } from "@/lib/session-storage";
import type { ChatMessage } from "./use-chat";

/**
 * The floating widget's conversation, kept in the tab's sessionStorage so that it survives moving
 * between pages: every page is a plain page load (no client router to keep the island alive), and
 * the widget on the next page picks up where the last one left off. sessionStorage lives as long as
 * the tab, and no other site can read it.
 */

/** Set while the panel is open. It is client:touch's resume key: the next page loads the widget at once. */
export const WIDGET_OPEN_KEY = "chat-widget-open";
const CONVERSATION_KEY = "chat-widget-conversation";

export interface WidgetSession {
  messages: ChatMessage[];
  open: boolean;
  minimized: boolean;
}

const isMessage = (value: unknown): value is ChatMessage => {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === "number" && typeof m.text === "string" && typeof m.isUser === "boolean";
};

/** The stored conversation, or none when it is missing or garbled: a bad entry never breaks the widget. */
function storedConversation(): Pick<WidgetSession, "messages" | "minimized"> {
  const none = { messages: [], minimized: false };
  try {
    const value: unknown = JSON.parse(readSessionItem(CONVERSATION_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return none;
    const { messages, minimized } = value as Record<string, unknown>;
    return { messages: Array.isArray(messages) ? messages.filter(isMessage) : [], minimized: minimized === true };
  } catch {
    return none;
  }
}

/** What the last page left, or an empty, closed session when there is none. */
export function readSession(): WidgetSession {
  return { ...storedConversation(), open: readSessionItem(WIDGET_OPEN_KEY) !== null };
}

/** Keeps the session for the next page. Without storage (a private mode, a full quota) the widget still works on this page. */
export function writeSession({ messages, open, minimized }: WidgetSession): void {
  try {
    sessionStorage.setItem(CONVERSATION_KEY, JSON.stringify({ messages, minimized }));
    if (open) sessionStorage.setItem(WIDGET_OPEN_KEY, "true");
    else sessionStorage.removeItem(WIDGET_OPEN_KEY);
  } catch (error) {
    console.warn("The chat could not be kept for the next page:", error);
  }
}
