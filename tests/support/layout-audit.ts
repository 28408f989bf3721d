import type { Page } from "@playwright/test";

/** One thing wrong with a page's layout, said so a failing test names the element. */
interface LayoutProblem {
  kind: "covered" | "fixed-overlap" | "small-target";
  what: string;
}

/**
 * Runs in the page. Looks for (1) text or a control under a fixed element (the call bar, the chat
 * button) at the current scroll position, (2) fixed elements on top of each other, and (3) tap
 * targets smaller than 24 x 24 px without the spacing WCAG 2.2 (2.5.8) accepts instead: a 24 px
 * circle centred on the target that touches no other target (nor another small target's circle).
 * Links inside a sentence are exempt, as 2.5.8 says.
 */
function audit(): { kind: "covered" | "fixed-overlap" | "small-target"; what: string }[] {
  const problems: { kind: "covered" | "fixed-overlap" | "small-target"; what: string }[] = [];
  const name = (el: Element) => {
    const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const testId = el.getAttribute("data-testid");
    return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ""}> "${text}"`;
  };
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false; // visually hidden (sr-only)
    if (rect.right <= 0 || rect.bottom <= 0 || rect.left >= innerWidth) return false; // moved off screen on purpose
    if (el.closest("[aria-hidden=true], [hidden], noscript")) return false;
    const style = getComputedStyle(el);
    // Clipped away (sr-only): the skip link until it has focus.
    if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return false;
    return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
  };
  const intersect = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

  const all = [...document.querySelectorAll("body *")];
  // Fixed elements a visitor sees and touches (an empty, click-through toast region does not count).
  const fixed = all.filter((el) => {
    const style = getComputedStyle(el);
    if (style.position !== "fixed" || !shown(el)) return false;
    if (hasFixedAncestor(el)) return false;
    return style.pointerEvents !== "none" || el.textContent?.trim();
  });
  function hasFixedAncestor(el: Element) {
    for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).position === "fixed") return true;
    return false;
  }

  const controls = "a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button]";
  const content = all.filter((el) => {
    if (!shown(el)) return false;
    if (el.closest("header")) return false; // the sticky header scrolls with the page's top, not over it
    if (el.matches(controls)) return true;
    return [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
  });

  // A fixed element may share a band with another (the chat button at the call bar's right end),
  // but may not lie over anything readable or tappable, in the page or in another fixed element.
  for (const f of fixed) {
    const box = f.getBoundingClientRect();
    for (const el of content) {
      if (f.contains(el) || el.contains(f) || !intersect(box, el.getBoundingClientRect())) continue;
      // Whichever is painted on top at the middle of the overlap: the fixed element, or the other.
      const r = el.getBoundingClientRect();
      const x = (Math.max(box.left, r.left) + Math.min(box.right, r.right)) / 2;
      const y = (Math.max(box.top, r.top) + Math.min(box.bottom, r.bottom)) / 2;
      const top = document.elementFromPoint(x, y);
      if (!top || !f.contains(top) || el.contains(top)) continue;
      const inOther = fixed.find((other) => other !== f && other.contains(el));
      if (inOther)
        problems.push({ kind: "fixed-overlap", what: `${name(f)} overlaps ${name(el)} of ${name(inOther)}` });
      else problems.push({ kind: "covered", what: `${name(f)} covers ${name(el)}` });
    }
  }

  const targets = [...document.querySelectorAll(controls)].filter(shown);
  const inSentence = (el: Element) => {
    if (getComputedStyle(el).display !== "inline") return false;
    const block = el.parentElement;
    const own = (el.textContent ?? "").trim();
    const around = (block?.textContent ?? "").replace(own, "").trim();
    return around.length > 0;
  };
  const small = targets.filter((el) => {
    const r = el.getBoundingClientRect();
    return (r.width < 23.5 || r.height < 23.5) && !inSentence(el);
  });
  const circleHits = (r: DOMRect, other: DOMRect, otherSmall: boolean) => {
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    if (otherSmall) {
      const ox = other.left + other.width / 2;
      const oy = other.top + other.height / 2;
      return Math.hypot(cx - ox, cy - oy) < 24;
    }
    const nx = Math.max(other.left, Math.min(cx, other.right));
    const ny = Math.max(other.top, Math.min(cy, other.bottom));
    return Math.hypot(cx - nx, cy - ny) < 12;
  };
  for (const el of small) {
    const r = el.getBoundingClientRect();
    const crowded = targets.find(
      (other) =>
        other !== el &&
        !other.contains(el) &&
        !el.contains(other) &&
        circleHits(r, other.getBoundingClientRect(), small.includes(other)),
    );
    if (crowded) {
      problems.push({
        kind: "small-target",
        what: `${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px and too close to ${name(crowded)}`,
      });
    }
  }
  return problems;
}

/** The problems at the page's current scroll position. */
export const layoutProblems = (page: Page): Promise<LayoutProblem[]> => page.evaluate(audit);

/**
 * Scrolls to the very end of the page (where nothing may be left under the call bar), again each
 * time the page grows (a lazy map or image loading in as it comes into view).
 */
export async function scrollToEnd(page: Page) {
  await page.waitForFunction(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return Math.abs(window.scrollY + innerHeight - document.documentElement.scrollHeight) < 2;
  });
}
