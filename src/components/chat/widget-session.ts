import { readSessionItem } from "@/lib/session-storage";
import type { ChatMessage } from "./use-chat";

/**
 * The floating widget's conversation (the island, see ChatWidgetConversation), kept in the tab's
 * sessionStorage so that it survives moving between pages (every page is a plain page load); whether
 * the panel is open is kept beside it (./widget-panel). sessionStorage lives as long as the tab, and no
 * other site can read it. Without storage (a private mode, a full quota) the widget still works on the
 * page it is on.
 */

const CONVERSATION_KEY = "chat-widget-conversation";

const isMessage = (value: unknown): value is ChatMessage => {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === "number" && typeof m.text === "string" && typeof m.isUser === "boolean";
};

/** The conversation an earlier page left, or none when it is missing or garbled: a bad entry never breaks the widget. */
export function readConversation(): ChatMessage[] {
  try {
    const value: unknown = JSON.parse(readSessionItem(CONVERSATION_KEY) ?? "null");
    return Array.isArray(value) ? value.filter(isMessage) : [];
  } catch {
    return [];
  }
}

export function writeConversation(messages: ChatMessage[]): void {
  try {
    sessionStorage.setItem(CONVERSATION_KEY, JSON.stringify(messages));
  } catch (error) {
    console.warn("The chat could not be kept for the next page:", error);
  }
}
