import { createServer, type Server, type ServerResponse } from "node:http";
import { brotliCompressSync } from "node:zlib";

/**
 * Three pages audited in the same Lighthouse run as the site, so a table says what this machine gives
 * a page without our scripts: a heading and a paragraph with no script, without and with the site's
 * stylesheet, and the site's own /about with its scripts taken out (same HTML, same stylesheet: the
 * difference between it and /about is what the scripts cost). Lighthouse's simulated LCP and TBT
 * include Chromium's own work for a navigation (committing it, creating the page's JavaScript
 * context, the first layout), multiplied by 4; on a slow host that alone can exceed the budgets, and
 * where it lands relative to the first paint decides whether it shows as LCP or as TBT. Same
 * machine, same run: the ratio is what compares.
 */
interface ControlPages {
  origin: string;
  /** Path and what the page holds besides its text, in the order they are audited. */
  pages: Array<{ path: string; name: string }>;
  stop(): Promise<void>;
}

/** Every script a browser runs; JSON-LD is data and stays. */
const EXECUTABLE_SCRIPT = /<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g;

const body = "<h1>Stockton towing</h1><p>Call us any time, day or night, for a tow.</p>";

function page(title: string, head = "") {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `<meta name="description" content="A control page for the Lighthouse bench">${head}</head>` +
    `<body>${body}</body></html>`
  );
}

/** Passes a file of the site through, status and type as the site answers them. */
function relay(url: URL, res: ServerResponse) {
  fetch(url)
    .then(async (answer) => {
      res.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
        "cache-control": "no-cache",
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })
    .catch(() => res.writeHead(502).end());
}

/**
 * Serves the control pages on 127.0.0.1:`port`, brotli-compressed like the site's own files. The
 * stylesheet is the one the site's pages link, fetched once from `siteOrigin` and served from here
 * (same origin as its page, as on the site). Anything else /about asks for (its icon) is fetched from
 * the site and relayed.
 */
export async function startControlPages(port: number, siteOrigin: string): Promise<ControlPages> {
  const about = await (await fetch(`${siteOrigin}/about`)).text();
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(about)?.[1];
  if (!href) throw new Error("no stylesheet link on /about: the control page needs the site's stylesheet");
  const css = await (await fetch(new URL(href, siteOrigin))).text();
  const pages = [
    { path: "/control/empty", name: "no stylesheet", html: page("No stylesheet") },
    {
      path: "/control/stylesheet",
      name: "the site's stylesheet",
      html: page("The site's stylesheet", `<link rel="stylesheet" href="${href}">`),
    },
    {
      path: "/control/about-without-scripts",
      name: "/about without its scripts",
      html: about.replace(EXECUTABLE_SCRIPT, ""),
    },
  ];
  const files = new Map(
    [
      ...pages.map(({ path, html }) => ({ path, type: "text/html; charset=utf-8", text: html })),
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
      relay(new URL(path, siteOrigin), res);
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
    pages: pages.map(({ path, name }) => ({ path, name })),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
