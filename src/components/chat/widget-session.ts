import { readSessionItem } from "@/lib/session-storage";
import type { ChatMessage } from "./use-chat";

/**
 * The floating widget, kept in the tab's sessionStorage so that it survives moving between pages
 * (every page is a plain page load): whether its panel is open or minimized (the layout's script, see
 * ChatWidget.astro) and its conversation (the island, see ChatWidgetConversation). sessionStorage
 * lives as long as the tab, and no other site can read it. Without storage (a private mode, a full
 * quota) the widget still works on the page it is on.
 */

const PANEL_KEY = "chat-widget-panel";
const CONVERSATION_KEY = "chat-widget-conversation";

export type PanelState = "closed" | "open" | "minimized";

const write = (key: string, value: string) => {
  try {
    sessionStorage.setItem(key, value);
  } catch (error) {
    console.warn("The chat could not be kept for the next page:", error);
  }
};

export function readPanelState(): PanelState {
  const value = readSessionItem(PANEL_KEY);
  return value === "open" || value === "minimized" ? value : "closed";
}

export function writePanelState(state: PanelState): void {
  write(PANEL_KEY, state);
}

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
  write(CONVERSATION_KEY, JSON.stringify(messages));
}
