/**
 * Reads an item of the tab's sessionStorage, or null when it is missing or storage is off (a browser
 * setting, a sandboxed frame): whatever reads the session must work without it.
 */
export function readSessionItem(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
