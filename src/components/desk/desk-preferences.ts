/** The owner's choices on this device (localStorage): they outlive the session. Without storage, the default. */
export function readStoredFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false;
  }
}

export function writeStoredFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    // storage off: the choice lasts as long as the page
  }
}

/**
 * Whether this device was signed in to the desk when it last asked. Only a hint for the first paint
 * (the page's head script reads it): a signed-in owner sees "Loading the desk…" instead of a sign-in
 * form while the desk's script loads. The server's session decides everything; a stale hint costs
 * nothing but that message until the session answers.
 */
export const SIGNED_IN_HINT_KEY = "desk-signed-in";
