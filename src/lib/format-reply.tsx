import type { ReactNode } from "react";

/**
 * Turns a chat reply (plain text) into React elements: web addresses and our own page paths become
 * links, *text* bold and _text_ italic. Everything else stays text, so a reply that contains markup
 * or a script shows as those characters and never runs: no HTML is ever parsed here.
 */

// http(s) addresses, or a path on this site ("/services/jump-start"), standing on their own.
const LINK = /(https?:\/\/[^\s<>"'`]+|(?<![\w/.])\/(?:services|blog|contact|chat|about)(?:\/[a-z0-9-]+)*)/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;
// *bold* and _italic_: markers hug the words, do not sit inside a word, and close on the same line.
const EMPHASIS = /(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])|(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g;

export function safeHref(url: string): string | undefined {
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function emphasis(text: string, key: string, depth = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(EMPHASIS)) {
    const start = m.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    const k = `${key}-${n++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{depth < 2 ? emphasis(m[1], k, depth + 1) : m[1]}</strong>);
    else out.push(<em key={k}>{depth < 2 ? emphasis(m[2] ?? "", k, depth + 1) : m[2]}</em>);
    last = start + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function formatReply(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(LINK)) {
    const start = m.index ?? 0;
    let url = m[0];
    const trailing = url.match(TRAILING_PUNCTUATION)?.[0] ?? "";
    url = url.slice(0, url.length - trailing.length);
    const href = safeHref(url);
    if (!href) continue;
    if (start > last) out.push(...emphasis(text.slice(last, start), `t${n}`));
    const external = !url.startsWith("/");
    out.push(
      <a
        key={`a${n++}`}
        href={href}
        className="font-medium underline underline-offset-2"
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(...emphasis(text.slice(last), `t${n}`));
  return out;
}
