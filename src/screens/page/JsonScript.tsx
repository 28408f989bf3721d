/**
 * Data for a page's script, as JSON in a <script type="application/json">. Every "<" is written as
 * \u003c (still the same JSON), so no text in it (a driver's message) can close the element.
 */
export function JsonScript({ id, value }: { id: string; value: unknown }) {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped, read by the page's script
  return <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** Reads what JsonScript wrote, in the browser; null when it is missing or unreadable. */
export function readJsonScript<T>(id: string): T | null {
  try {
    const raw = document.getElementById(id)?.textContent;
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
