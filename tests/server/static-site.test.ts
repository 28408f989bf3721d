import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "../../server/plugins/static-site";
import { readSiteFiles } from "../../server/site-files";
import { testConfig } from "../support/config";

// The production build made by `npm test` (or `npm run build`) before this file runs.
const distDir = path.resolve(process.env.ASTRO_OUT_DIR ?? "dist");
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ config: testConfig({ distDir }), logger: false, site: readSiteFiles(distDir) });
});
afterAll(async () => {
  await app?.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(String(headers["permissions-policy"])).toContain("camera=()");
  expect(headers["x-powered-by"]).toBeUndefined();
}

describe("security headers", () => {
  it.each([
    ["a page", "GET", "/"],
    ["a hashed asset", "GET", "/favicon.svg"],
    ["the 404 page", "GET", "/no-such-page"],
    ["the health check", "GET", "/healthz"],
    ["an unknown API route", "POST", "/api/nothing"],
    ["an address that cannot be decoded", "GET", "/%"],
    ["a broken percent-escape", "GET", "/services/%zz"],
  ] as const)("are on %s", async (_label, method, url) => {
    const res = await app.inject({ method, url });
    expectSecurityHeaders(res.headers);
  });

  it("an undecodable address gets the 404 page", async () => {
    const res = await app.inject({ method: "GET", url: "/%" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("404 Page Not Found");
  });

  it("HSTS only when the request came over HTTPS (through a trusted proxy), never over plain HTTP", async () => {
    const proxied = await buildApp({ config: testConfig({ distDir, trustProxy: 1 }), logger: false });
    try {
      const https = await proxied.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
      expect(https.headers["strict-transport-security"]).toBe("max-age=15552000");
      const http = await proxied.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "http" } });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without trusting a proxy, a client's own X-Forwarded-Proto claims nothing.
    const direct = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });

  it("isolate the owner's desk from other windows, and leave the public pages without that cost", async () => {
    for (const url of ["/desk", "/desk?next=%2F"]) {
      const desk = await app.inject({ method: "GET", url });
      expect(desk.statusCode).toBe(200);
      expect(desk.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(desk.headers["x-robots-tag"]).toBe("noindex, nofollow");
    }
    for (const url of ["/", "/about", "/contact", "/no-such-page"]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(page.headers["x-robots-tag"]).toBeUndefined();
    }
  });

  it("allow every inline script the build wrote, by hash", async () => {
    const site = readSiteFiles(distDir);
    const res = await app.inject({ method: "GET", url: "/" });
    for (const hash of site.inlineScriptHashes) expect(res.headers["content-security-policy"]).toContain(hash);
    expect(site.inlineScriptHashes.length).toBeGreaterThan(0);
  });
});

describe("static site", () => {
  it("serves clean URLs as HTML with revalidated caching", async () => {
    const res = await app.inject({ method: "GET", url: "/about" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe(CACHE_REVALIDATE);
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toContain("<h1");
  });

  it("sends the brotli copy when the browser takes it, gzip otherwise", async () => {
    const br = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    const gz = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ method: "GET", url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(br.headers["content-length"])).toBeLessThan(Number(plain.headers["content-length"]) / 3);
  });

  it("caches hashed assets for a year, immutably", async () => {
    const site = readSiteFiles(distDir);
    const asset = [...site.routes.keys()].find((p) => p.startsWith("/_astro/") && p.endsWith(".js"));
    expect(asset).toBeTruthy();
    const res = await app.inject({ method: "GET", url: asset ?? "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(CACHE_IMMUTABLE);
    expect(res.headers["content-type"]).toContain("javascript");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await app.inject({ method: "GET", url: "/services" });
    const again = await app.inject({
      method: "GET",
      url: "/services",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("redirects /about/ and /about.html to the one canonical address", async () => {
    for (const url of ["/about/", "/about.html", "/services/towing/"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(url.replace(/\/$/, "").replace(/\.html$/, ""));
    }
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await app.inject({ method: "HEAD", url: "/contact" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
  });

  it.each([
    "/../package.json",
    "/%2e%2e/package.json",
    "/..%2fpackage.json",
    "/server/app.ts",
    "/.env",
    "/%00",
    "/%E0%A4%A",
  ])("never serves anything outside the build: %s", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"name": "stockton-towing-site"');
    expect(res.body).toContain("404 Page Not Found");
  });

  it("never serves the chat assistant's knowledge file, which the server reads at start", async () => {
    expect(existsSync(path.join(distDir, "chat-knowledge.json"))).toBe(true);
    for (const url of ["/chat-knowledge.json", "/chat-knowledge", "/chat-knowledge.json.br"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"sections"');
    }
  });

  it("never serves the home carousel's fixed entries, which the server reads at start and draws into the home pages", async () => {
    expect(existsSync(path.join(distDir, "home-samples.json"))).toBe(true);
    for (const url of ["/home-samples.json", "/home-samples", "/home-samples.json.br", "/home-samples.json.gz"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"sample":');
    }
  });

  it("unknown API paths get JSON, pages get the 404 page", async () => {
    const api = await app.inject({ method: "GET", url: "/api/requests" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: "Not Found" });
    const page = await app.inject({ method: "GET", url: "/nowhere" });
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});
