import type { ReactNode } from "react";
import { telHrefFor } from "../shared/links";

/**
 * Turns a chat reply (plain text) into React elements: web addresses and our own page paths become
 * links (our pages named by their title), US phone numbers and the emergency number 911 call links,
 * *text* bold and _text_ italic. Everything else stays text, so a reply that contains markup or a script shows as those
 * characters and never runs: no HTML is ever parsed here.
 */

/** Our own pages' titles by path ("/services/jump-start" -> "Jump Start"); see /page-titles.json. */
export type PageTitles = Readonly<Record<string, string>>;

// http(s) addresses, or a path on this site ("/services/jump-start", its Spanish twin
// "/es/services/jump-start", "/guides/after-an-accident"), standing on their own; or a US phone
// number written with separators: (209) 555-0100, 209-555-0100, +1 209.555.0142.
const LINK =
  /(https?:\/\/[^\s<>"'`]+|(?<![\w/.])\/(?:es\/)?(?:services|blog|contact|chat|about|areas|guides)(?:\/[a-z0-9-]+)*)/;
const PHONE = /((?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?![\w-]))/;
const TOKEN = new RegExp(`${LINK.source}|${PHONE.source}`, "gi");
// 911 standing on its own ("Call 911 now."), never digits inside a longer number or a word.
const EMERGENCY = /(?<![\w+.\-/])911(?![\w-])/g;
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

/** Plain text with each 911 in it a call link, as the business's number is (inside bold or italic too). */
function emergencyLinks(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(EMERGENCY)) {
    const start = m.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <a key={`${key}-e${n++}`} href="tel:911" className="font-semibold whitespace-nowrap underline underline-offset-2">
        {m[0]}
      </a>,
    );
    last = start + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function emphasis(text: string, key: string, depth = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(EMPHASIS)) {
    const start = m.index ?? 0;
    if (start > last) out.push(...emergencyLinks(text.slice(last, start), `${key}-p${n}`));
    const k = `${key}-${n++}`;
    if (m[1] !== undefined)
      out.push(<strong key={k}>{depth < 2 ? emphasis(m[1], k, depth + 1) : emergencyLinks(m[1], k)}</strong>);
    else out.push(<em key={k}>{depth < 2 ? emphasis(m[2] ?? "", k, depth + 1) : emergencyLinks(m[2] ?? "", k)}</em>);
    last = start + m[0].length;
  }
  if (last < text.length) out.push(...emergencyLinks(text.slice(last), `${key}-p${n}`));
  return out;
}

export function formatReply(text: string, titles: PageTitles = {}): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  // A link the reply wrapped in *...* or _..._ ("call *(209) 555-0100*") keeps its emphasis.
  const place = (start: number, end: number, link: (key: string) => ReactNode) => {
    const marker = text[start - 1];
    const wrapped = start - 1 >= last && (marker === "*" || marker === "_") && text[end] === marker;
    const from = wrapped ? start - 1 : start;
    if (from > last) out.push(...emphasis(text.slice(last, from), `t${n}`));
    const key = `a${n++}`;
    if (!wrapped) out.push(link(key));
    else out.push(marker === "*" ? <strong key={key}>{link("a")}</strong> : <em key={key}>{link("a")}</em>);
    last = wrapped ? end + 1 : end;
  };
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    const phone = m[2];
    if (phone !== undefined) {
      place(start, start + phone.length, (key) => (
        // A chat reply's number is counted as a call tap when it is the business's (src/scripts/site-events.ts).
        <a
          key={key}
          href={telHrefFor(phone)}
          data-placement="chat_reply"
          className="font-semibold whitespace-nowrap underline underline-offset-2"
        >
          {phone}
        </a>
      ));
      continue;
    }
    let url = m[0];
    const trailing = url.match(TRAILING_PUNCTUATION)?.[0] ?? "";
    url = url.slice(0, url.length - trailing.length);
    const href = safeHref(url);
    if (!href) continue;
    const external = !url.startsWith("/");
    const title = external ? undefined : Object.hasOwn(titles, url) ? titles[url] : undefined;
    place(start, start + url.length, (key) => (
      <a
        key={key}
        href={href}
        className="font-medium underline underline-offset-2"
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {title ?? url}
      </a>
    ));
  }
  if (last < text.length) out.push(...emphasis(text.slice(last), `t${n}`));
  return out;
}
