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
