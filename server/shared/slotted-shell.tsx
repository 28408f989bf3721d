import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BareShell } from "../../src/screens/page/ProblemPage";

/**
 * The server-filled pages (the driver's /request/{token}, the partner's /offer/{token}, the caller's
 * /here/{token}, the form's confirmation) are built shells (src/views/*.astro) with empty elements
 * marked `data-slot="…"`, which the server fills per answer with what React renders (src/screens/). A
 * shell is cut once at its slots, so filling it is string joins, never a parse per page.
 */

/**
 * Cuts the shell at its slots once, and returns what fills it: the shell's text between the slots,
 * joined with each slot's HTML in the order the slots stand. `page` names the page and its view for the
 * error a shell without a slot raises ("request page", "src/views/DriverRequestPage.astro").
 */
export function cutShell<Slot extends string>(
  template: string,
  slots: readonly Slot[],
  page: { name: string; view: string },
): (parts: Record<Slot, string>) => string {
  const body = template.indexOf("<body");
  const at = (slot: Slot) => {
    const mark = `data-slot="${slot}"`;
    const found = template.indexOf(mark, body);
    if (body < 0 || found < 0 || template.indexOf(mark, found + 1) >= 0) {
      throw new Error(
        `The built ${page.name} must hold one data-slot="${slot}" (${page.view}): run \`npm run build\`.`,
      );
    }
    // Inside the empty element: just after the end of its start tag.
    return template.indexOf(">", found) + 1;
  };
  const order = slots.map((slot) => ({ slot, at: at(slot) })).sort((a, b) => a.at - b.at);
  const pieces = order.map(({ at }, i) => template.slice(i === 0 ? 0 : (order[i - 1]?.at ?? 0), at));
  const tail = template.slice(order.at(-1)?.at ?? 0);
  return (parts) => pieces.map((piece, i) => piece + parts[order[i]?.slot as Slot]).join("") + tail;
}

/** A whole page rendered by React (a problem page, a bare shell), as a document. */
export const htmlDocument = (page: ReactElement) => `<!doctype html>${renderToStaticMarkup(page)}`;

/** A page the server fills: its name and view (for the error of a shell without its slot), and its bare stand-in's words. */
export interface ShellPage {
  name: string;
  view: string;
  /** The bare page's language tag and title. */
  lang: string;
  title: string;
  /** The bare page's own script, deferred (the location page's /here.js). */
  script?: string;
  /** What the bare page shows after its slots (the location page's button and form). */
  children?: ReactNode;
}

/**
 * The page used when the site is not built (API-only tests): the slots, then `children`, without the
 * layout, in the page's language.
 */
export const bareShell = (slots: readonly string[], page: ShellPage) =>
  htmlDocument(
    <BareShell lang={page.lang} title={page.title} slots={slots} script={page.script}>
      {page.children}
    </BareShell>,
  );

/** The filler of the built shell, or of the bare one when the site is not built. */
export const shellFiller = <Slot extends string>(built: string | undefined, slots: readonly Slot[], page: ShellPage) =>
  cutShell(built ?? bareShell(slots, page), slots, page);
