import type { ClientDirective } from "astro";
// A relative path: Astro bundles client directives on their own, without the project's "@/" alias.
import { readSessionItem } from "../../lib/session-storage";

/**
 * `client:touch`: the island stays pre-rendered HTML, and its code loads only when a visitor starts
 * to use it (a pointer over it, focus into it, a press, a click). The first activation is never lost.
 *
 * The contract with the component (see ChatWidget, SiteHeader, MapEmbed):
 * - its pre-rendered control carries `data-touch="KEY"` and works without JavaScript (a link, a
 *   `<details>`), so it still works when the code cannot load;
 * - its scripted control carries `data-touch-live="KEY"` (the component renders it once hydrated).
 *
 * A click on a pre-rendered control while the code loads is held (no navigation), the control is
 * marked `aria-busy`, and once the scripted control exists the click is replayed on it. If the code
 * fails to load, the held control does what it does without JavaScript.
 *
 * `client:touch="KEY"` names a resume key: when the tab's sessionStorage holds KEY (the component
 * set it on an earlier page, e.g. the chat widget while its panel is open), the island has something
 * to show at once, and its code loads as the page loads (or as the browser shows it again from its
 * back-forward cache).
 */
const TOUCH = "data-touch";
const LIVE = "data-touch-live";
const STARTERS = ["pointerover", "pointerdown", "focusin"] as const;

const control = (target: EventTarget | null, name: string) =>
  target instanceof Element ? target.closest<HTMLElement>(`[${name}]`) : null;

const touch: ClientDirective = (load, options, el) => {
  const resumeKey = typeof options.value === "string" && options.value !== "" ? options.value : undefined;
  /** Whether the tab's session holds this island's resume key (storage may be off: then it does not). */
  const resumes = () => resumeKey !== undefined && readSessionItem(resumeKey) !== null;
  let started = false;
  let failed = false;
  let held: { control: HTMLElement; key: string } | undefined; // a click waiting for the code
  let focused: string | undefined; // the key of the pre-rendered control that has focus
  let pressed: { control: HTMLElement; key: string } | undefined; // a press on a pre-rendered control
  let swallowClick = false; // a click this directive already replayed for the current press

  const live = (key: string | null | undefined) =>
    key ? el.querySelector<HTMLElement>(`[${LIVE}="${CSS.escape(key)}"]`) : null;

  const release = (target: HTMLElement) => target.removeAttribute("aria-busy");

  /** Once the component has swapped its pre-rendered controls for scripted ones: focus, then replay. */
  const handOver = () => {
    if (el.querySelector(`[${TOUCH}]`)) return false;
    observer.disconnect();
    const active = document.activeElement;
    if (focused && (!active || active === document.body)) live(focused)?.focus();
    if (held) {
      release(held.control);
      const target = live(held.key);
      held = undefined;
      target?.click();
    }
    return true;
  };
  const observer = new MutationObserver(handOver);

  function resumeFromCache(event: PageTransitionEvent) {
    if (event.persisted && resumes()) start();
  }

  const start = () => {
    if (started) return;
    started = true;
    for (const type of STARTERS) el.removeEventListener(type, start);
    removeEventListener("pageshow", resumeFromCache);
    load()
      .then((hydrate) => {
        observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: [TOUCH, LIVE] });
        return hydrate();
      })
      .then(handOver, (error: unknown) => {
        console.error("The island's code could not load; its links keep working without it.", error);
        failed = true;
        observer.disconnect();
        const waiting = held?.control;
        held = undefined;
        if (waiting) {
          release(waiting);
          waiting.click(); // not held now: the link or disclosure does its own job
        }
      });
  };

  for (const type of STARTERS) el.addEventListener(type, start);

  el.addEventListener("focusin", (event) => {
    focused = control(event.target, TOUCH)?.getAttribute(TOUCH) ?? undefined;
  });
  // Focus that moved on to another element is not ours to restore (a swap leaves no related target).
  el.addEventListener("focusout", (event) => {
    if (event.relatedTarget) focused = undefined;
  });

  el.addEventListener(
    "click",
    (event) => {
      if (swallowClick) {
        swallowClick = false;
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      const target = control(event.target, TOUCH);
      if (!target || failed) return;
      // A new tab or window is the link's own business.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (held && held.control !== target) release(held.control);
      held = { control: target, key: target.getAttribute(TOUCH) ?? "" };
      target.setAttribute("aria-busy", "true");
      start();
    },
    true,
  );

  // A press that began on a pre-rendered control which the component swapped before the release:
  // browsers differ on where (or whether) that click goes, so the directive replays it itself.
  el.addEventListener("pointerdown", (event) => {
    const target = control(event.target, TOUCH);
    pressed = target ? { control: target, key: target.getAttribute(TOUCH) ?? "" } : undefined;
    swallowClick = false;
  });
  el.addEventListener("pointerup", (event) => {
    const from = pressed;
    pressed = undefined;
    if (!from || from.control.isConnected || failed) return;
    const target = live(from.key);
    if (target?.contains(event.target as Node)) {
      target.click();
      swallowClick = true; // a click the browser may still send for this press
    }
  });
  el.addEventListener("keydown", () => {
    swallowClick = false;
  });

  if (resumes()) start();
  else if (resumeKey) {
    // A page the browser brings back from its back-forward cache is as it was when the visitor left
    // it, but the session may have moved on since (the panel opened on a later page): same rule.
    addEventListener("pageshow", resumeFromCache);
  }
};

export default touch;
