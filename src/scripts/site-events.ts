import { countSiteEvent } from "@/screens/common/site-events";
import type { CallPlacement } from "@/shared/event-schema";

/**
 * The layout's counts: a tap on a call link, and the chat widget opening. One listener for every call
 * link (event delegation), so links a script adds later (a chat reply's number) count too. Each link
 * to the business's number says where it sits in data-placement. A call to another number (911, a
 * police line a page or the chat names) is not the business's work and is not counted. Without
 * JavaScript nothing is counted.
 */
const businessTel = document.documentElement.dataset.eventTel;
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="tel:"]') : null;
  const placement = link?.dataset.placement;
  if (link && placement && link.getAttribute("href") === businessTel) {
    countSiteEvent("call_tap", placement as CallPlacement);
  }
});

// The floating chat opens as a popover (src/components/chat/ChatWidget.astro); its toggle event says when.
document.getElementById("chat-panel")?.addEventListener("toggle", (event) => {
  if ((event as ToggleEvent).newState === "open") countSiteEvent("chat_opened", "widget");
});
