import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { site } from "../../src/lib/site";

/**
 * Issue 14, CLS 0: a frame painted while the page is half parsed shows nothing that later moves. On a
 * slow network or a busy phone, a frame can land while the parser is inside a button: the thumb
 * call band fixed to the bottom of the screen (whose box used to be painted at its padding's height,
 * then grow) or a centred call button (whose icon used to be painted alone in the centre, then jump
 * aside for its label). Both were measured (Lighthouse and a layout-shift probe, 1-2 in 100 loads).
 *
 * A local server stands in for a network that stops at a chosen point of the page: it forwards
 * every request to the site and delivers the page's HTML in two parts, the second on release. The
 * test lets the browser paint the first part, then releases the rest and counts the layout shifts.
 */

const phonePath = "/services/towing";

/** Forwards to `origin`; the HTML of `path` stops where `splitAt` says until `release()`. */
async function startSplitServer(origin: string, path: string, splitAt: (html: string) => number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer(async (req, res) => {
    const upstream = await fetch(origin + (req.url ?? "/"), { headers: { "accept-encoding": "identity" } });
    const headers = Object.fromEntries(
      [...upstream.headers].filter(
        ([name]) => !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name),
      ),
    );
    res.writeHead(upstream.status, headers);
    const body = Buffer.from(await upstream.arrayBuffer());
    if (req.url !== path) return res.end(body);
    const html = body.toString("utf8");
    const split = splitAt(html);
    res.write(html.slice(0, split));
    await released;
    res.end(html.slice(split));
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
function splitAfter(...marks: string[]) {
  return (html: string) => {
    let at = 0;
    for (const mark of marks) {
      const found = html.indexOf(mark, at);
      expect(found, `the page has ${marks.join(" … ")}`).toBeGreaterThan(0);
      at = found + mark.length;
    }
    return at;
  };
}

/** Resolves once the page has painted a frame: animation frame callbacks run only when it renders. */
const painted = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

const band = 'data-testid="mobile-call-band"';
const bandLink = 'data-testid="mobile-call-bar"';
/** The first call button in the page's own content (the header's is hidden on phones). */
const pageCall = ["<main", 'href="tel:'];
const cases = [
  { name: "the call band, before its link", splitAt: splitAfter(band, ">") },
  { name: "the call band's link, before its label", splitAt: splitAfter(bandLink, ">") },
  { name: "the call band's label, before its text", splitAt: splitAfter(bandLink, "<span", ">") },
  { name: "the call band's label, after its text", splitAt: splitAfter(bandLink, site.phone.display) },
  { name: "the call band's link, after its icon", splitAt: splitAfter(bandLink, "</svg>") },
  { name: "the page's call button, before its label", splitAt: splitAfter(...pageCall, ">") },
  { name: "the page's call button, after its text", splitAt: splitAfter(...pageCall, site.phone.display) },
  { name: "the page's call button, after its icon", splitAt: splitAfter(...pageCall, "</svg>") },
];

test.describe("a frame painted half way through the page, on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  for (const { name, splitAt } of cases) {
    test(`stopped in ${name}: nothing moves when the rest arrives`, async ({ page, baseURL }) => {
      const split = await startSplitServer(baseURL ?? "", phonePath, splitAt);
      try {
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: { value: number; moved: string[] }[] };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number;
              sources: { node?: Node | null }[];
            }[]) {
              w.shifts.push({
                value: entry.value,
                moved: entry.sources.map((s) =>
                  s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName),
                ),
              });
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        await page.goto(split.url, { waitUntil: "commit" });
        // The first part is parsed and styled (the stylesheet holds rendering), and a frame shows it.
        await expect
          .poll(() =>
            page.evaluate(() =>
              [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null),
            ),
          )
          .toBe(true);
        await painted(page);
        expect(await page.evaluate(() => document.readyState), "the page is still half parsed").toBe("loading");

        split.release();
        await page.waitForLoadState("load");
        await painted(page);
        expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
        await expect(page.getByTestId("mobile-call-bar")).toHaveText(`Call ${site.phone.display}`);
      } finally {
        split.release();
        await split.close();
      }
    });
  }
});
