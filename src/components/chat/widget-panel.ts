/**
 * Whether the floating widget's panel is open, minimized or closed, kept in the tab's sessionStorage
 * so that the next page shows it the same (ChatWidget.astro's script). Its own module, importing
 * nothing, so the script that reads it stays small enough to be inlined into the page: the chat
 * button costs no request of its own.
 */
const PANEL_KEY = "chat-widget-panel";

export type PanelState = "closed" | "open" | "minimized";

export function readPanelState(): PanelState {
  let value: string | null = null;
  try {
    value = sessionStorage.getItem(PANEL_KEY);
  } catch {
    // storage off (a browser setting, a sandboxed frame): the panel starts closed
  }
  return value === "open" || value === "minimized" ? value : "closed";
}

export function writePanelState(state: PanelState): void {
  try {
    sessionStorage.setItem(PANEL_KEY, state);
  } catch {
    // without storage the panel still works on this page
  }
}
