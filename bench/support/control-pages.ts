import { createServer, type Server } from "node:http";
import { brotliCompressSync } from "node:zlib";

/**
 * Two pages with nothing of ours on them, audited in the same Lighthouse run as the site, so a table
 * says what this machine gives any page: a heading and a paragraph with no script, without and with
 * the site's stylesheet. Lighthouse's simulated LCP and TBT include Chromium's own work for a
 * navigation (committing it, creating the page's JavaScript context, the first layout), multiplied by 4;
 * on a slow host that alone can exceed the budgets, and where it lands relative to the first paint
 * decides whether it shows as LCP or as TBT. Same machine, same run: the ratio is what compares.
 */
export interface ControlPages {
  origin: string;
  /** Path and what the page holds besides its text, in the order they are audited. */
  pages: Array<{ path: string; name: string }>;
  stop(): Promise<void>;
}

const body = "<h1>Stockton towing</h1><p>Call us any time, day or night, for a tow.</p>";

function page(title: string, head = "") {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `<meta name="description" content="A control page for the Lighthouse bench">${head}</head>` +
    `<body>${body}</body></html>`
  );
}

/**
 * Serves the control pages on 127.0.0.1:`port`, brotli-compressed like the site's own files. The
 * stylesheet is the one the site's pages link, fetched once from `siteOrigin` and served from here
 * (same origin as its page, as on the site).
 */
export async function startControlPages(port: number, siteOrigin: string): Promise<ControlPages> {
  const about = await (await fetch(`${siteOrigin}/about`)).text();
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(about)?.[1];
  if (!href) throw new Error("no stylesheet link on /about: the control page needs the site's stylesheet");
  const css = await (await fetch(new URL(href, siteOrigin))).text();
  const htmlType = "text/html; charset=utf-8";
  const files = new Map(
    [
      { path: "/control/empty", type: htmlType, text: page("No stylesheet") },
      {
        path: "/control/stylesheet",
        type: htmlType,
        text: page("The site's stylesheet", `<link rel="stylesheet" href="${href}">`),
      },
      { path: href, type: "text/css; charset=utf-8", text: css },
      // Chromium asks for it; a 404 would be a console error in the audit.
      { path: "/favicon.ico", type: "image/x-icon", text: "" },
    ].map(({ path, type, text }) => {
      const data = Buffer.from(text);
      return [path, { type, data, br: brotliCompressSync(data) }];
    }),
  );

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://control").pathname;
    const file = files.get(path);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const br = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
    res.writeHead(200, {
      "content-type": file.type,
      "cache-control": "no-cache",
      ...(br ? { "content-encoding": "br" } : {}),
    });
    res.end(br ? file.br : file.data);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    pages: [
      { path: "/control/empty", name: "no stylesheet" },
      { path: "/control/stylesheet", name: "the site's stylesheet" },
    ],
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
