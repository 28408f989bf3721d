import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { site, telHref } from "../../src/shared/site";

/**
 * Issue 14, CLS 0: a frame painted while the page is half parsed shows nothing that later moves. On a
 * slow network or a busy phone, a frame can land while the parser is inside a button: the thumb
 * call band fixed to the bottom of the screen (whose box used to be painted at its padding's height,
 * then grow) or a centred call button (whose icon used to be painted alone in the centre, then jump
 * aside for its label). Both were measured on /services/towing: Lighthouse, and a layout-shift probe
 * that saw one or the other in about 1 of 60 loads.
 *
 * A local server stands in for a network that stops at a chosen point of the page: it forwards
 * every request to the site and delivers the page's HTML in two parts, the second on release. The
 * test waits until the browser has parsed and painted the first part, then releases the rest and
 * counts the layout shifts.
 */

const phonePath = "/services/towing";

/** What a forwarded response may carry again: its body goes out decoded, and in parts. */
const resendableHeaders = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name),
    ),
  );

interface Fetched {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function fetchPage(url: string): Promise<Fetched> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  return { status: response.status, headers: resendableHeaders(response), body: await response.text() };
}

/**
 * Serves `page` (fetched once, by the test, which cut it) at `path`, stopping after `split`
 * characters until `release()`; forwards every other request to `origin`.
 */
async function startSplitServer(origin: string, path: string, page: Fetched, split: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer(async (req, res) => {
    try {
      if (req.url === path) {
        res.writeHead(page.status, page.headers);
        res.write(page.body.slice(0, split));
        await released;
        return res.end(page.body.slice(split));
      }
      const upstream = await fetch(origin + (req.url ?? "/"), { headers: { "accept-encoding": "identity" } });
      res.writeHead(upstream.status, resendableHeaders(upstream));
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch (error) {
      // A fault here must fail the page load at once, not leave it waiting for the test's timeout.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Where the first part ends: just after the last of `marks`, each found after the one before. */
function splitAfter(html: string, marks: string[]) {
  let at = 0;
  for (const mark of marks) {
    const found = html.indexOf(mark, at);
    expect(found, `the page has ${marks.join(" … ")}`).toBeGreaterThan(0);
    at = found + mark.length;
  }
  return at;
}

/** The last node the parser has put in the page, described by where it sits. */
interface LastNode {
  node: string;
  /** The link it is in: its test id, or its href. */
  link: string | null;
  inBand: boolean;
  inMain: boolean;
  text: string | null;
}

const lastParsedNode = (page: Page) =>
  page.evaluate((): LastNode => {
    let last: Node = document.documentElement;
    while (last.lastChild) last = last.lastChild;
    const element = last instanceof Element ? last : (last.parentElement as Element);
    const link = element.closest("a");
    return {
      node: last.nodeName.toLowerCase(),
      link: link ? (link.getAttribute("data-testid") ?? link.getAttribute("href")) : null,
      inBand: element.closest('[data-testid="mobile-call-band"]') !== null,
      inMain: element.closest("main") !== null,
      text: last.nodeType === Node.TEXT_NODE ? last.textContent : null,
    };
  });

/** Resolves once the page has painted a frame: animation frame callbacks run only when it renders. */
const painted = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

const band = 'data-testid="mobile-call-band"';
const bandLink = 'data-testid="mobile-call-bar"';
/** The label's last text: the number's seven digits, which PhoneText keeps in a span of their own. */
const labelEnd = site.phone.display.split(" ").at(-1) ?? site.phone.display;
const callLabel = `Call ${site.phone.display}`;
const inBand = { link: "mobile-call-bar", inBand: true };
/** The first call button in the page's own content (the header's is hidden on phones). */
const pageCall = ["<main", 'href="tel:'];
const inPage = { link: telHref, inMain: true };
const cases: { name: string; marks: string[]; parsedTo: Partial<LastNode> }[] = [
  { name: "the call band, before its link", marks: [band, ">"], parsedTo: { node: "div", link: null, inBand: true } },
  { name: "the call band's link, before its label", marks: [bandLink, ">"], parsedTo: { node: "a", ...inBand } },
  {
    name: "the call band's label, before its text",
    marks: [bandLink, "<span", ">"],
    parsedTo: { node: "span", ...inBand },
  },
  {
    name: "the call band's label, after its text",
    marks: [bandLink, labelEnd],
    parsedTo: { node: "#text", text: labelEnd, ...inBand },
  },
  { name: "the call band's link, after its icon", marks: [bandLink, "</svg>"], parsedTo: { node: "path", ...inBand } },
  { name: "the page's call button, before its label", marks: [...pageCall, ">"], parsedTo: { node: "a", ...inPage } },
  {
    name: "the page's call button, after its text",
    marks: [...pageCall, labelEnd],
    parsedTo: { node: "#text", text: labelEnd, ...inPage },
  },
  {
    name: "the page's call button, after its icon",
    marks: [...pageCall, "</svg>"],
    parsedTo: { node: "path", ...inPage },
  },
];

test.describe("a frame painted half way through the page, on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  for (const { name, marks, parsedTo } of cases) {
    test(`stopped in ${name}: nothing moves when the rest arrives`, async ({ page, baseURL }) => {
      const origin = baseURL ?? "";
      const fetched = await fetchPage(origin + phonePath);
      const split = await startSplitServer(origin, phonePath, fetched, splitAfter(fetched.body, marks));
      try {
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: { value: number; moved: string[] }[]; takeShifts: () => void };
          w.shifts = [];
          const record = (entries: PerformanceEntryList) => {
            for (const entry of entries as unknown as { value: number; sources: { node?: Node | null }[] }[]) {
              w.shifts.push({
                value: entry.value,
                moved: entry.sources.map((s) =>
                  s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName),
                ),
              });
            }
          };
          const observer = new PerformanceObserver((list) => record(list.getEntries()));
          observer.observe({ type: "layout-shift", buffered: true });
          // Entries reach the callback in a later task; the test takes any still queued when it reads.
          w.takeShifts = () => record(observer.takeRecords());
        });
        await page.goto(split.url, { waitUntil: "commit" });
        // The parser has reached the cut and the stylesheet (which holds rendering) has loaded.
        await expect.poll(() => lastParsedNode(page)).toMatchObject(parsedTo);
        await expect
          .poll(() =>
            page.evaluate(() => {
              const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
              return sheets.length > 0 && sheets.every((l) => l.sheet !== null);
            }),
          )
          .toBe(true);
        await painted(page);
        expect(await lastParsedNode(page), "the frame was painted with the page cut there").toMatchObject(parsedTo);

        split.release();
        await page.waitForLoadState("load");
        await painted(page);
        const shifts = await page.evaluate(() => {
          const w = window as unknown as { shifts: unknown[]; takeShifts: () => void };
          w.takeShifts();
          return w.shifts;
        });
        expect(shifts).toEqual([]);
        await expect(page.getByTestId("mobile-call-bar")).toHaveText(callLabel);
      } finally {
        split.release();
        await split.close();
      }
    });
  }
});
