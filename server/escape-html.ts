const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML, as text or in a quoted attribute: what anyone typed never becomes markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
