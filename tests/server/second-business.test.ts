import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { load } from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpReceiver, startSmtpReceiver } from "../support/receivers";
import { freePort } from "../support/server-process";

/**
 * A second business from its folder alone (issue 51): tests/fixtures/business-test (Boise, Idaho: three
 * towns, six services, English only, another phone, radius and time zone) is built once, with no change
 * to the code, into its own folders, and its production server is started on it. Every page, the
 * JSON-LD, the form, the chat and the owner's alert e-mail must show its facts and nothing of Stockton's.
 */
const root = path.resolve(import.meta.dirname, "../..");
const fixture = "tests/fixtures/business-test";
const business = JSON.parse(readFileSync(path.join(root, fixture, "business.json"), "utf8"));
const work = mkdtempSync(path.join(tmpdir(), "second-business-"));
// Inside the repository (dist-*/ is ignored): the compiled server finds its packages in node_modules.
const dist = path.join(root, "dist-business-test");
const serverDir = path.join(root, "dist-server-business-test");
/** Stockton's facts (business/stockton/business.json): none may appear in the other business's output. */
const stockton = JSON.parse(readFileSync(path.join(root, "business/stockton/business.json"), "utf8"));
const stocktonWords: string[] = [
  stockton.phone.display,
  stockton.phone.e164,
  stockton.address.street,
  stockton.email,
  ...stockton.towns.map((t: { name: string }) => t.name),
];
const stocktonFacts = new RegExp(`\\b(${stocktonWords.map((w) => w.replace(/[()+.]/g, "\\$&")).join("|")})\\b`);

let server: ChildProcess;

/** Runs a command in the repository; resolves with its exit code and everything it printed. */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += String(d);
    });
    child.stderr.on("data", (d) => {
      output += String(d);
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}
let url = "";
let smtp: SmtpReceiver;

beforeAll(async () => {
  // One build for every test below (CI builds this business once per run).
  // Asynchronously: a worker blocked for a minute misses Vitest's own messages.
  const built = await run("npm", ["run", "build"], {
    ...process.env,
    BUSINESS_DIR: fixture,
    ASTRO_OUT_DIR: dist,
    SERVER_OUT_DIR: serverDir,
    ASTRO_TELEMETRY_DISABLED: "1",
    PUBLIC_SITE_URL: business.siteUrl,
  });
  if (built.code !== 0) throw new Error(`the test business did not build:\n${built.output}`);
  smtp = await startSmtpReceiver();
  const port = await freePort();
  server = spawn(process.execPath, [path.join(serverDir, "start.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      BUSINESS_DIR: fixture,
      DIST_DIR: dist,
      DATA_DIR: path.join(work, "data"),
      SMTP_URL: smtp.url,
      LEAD_ALERT_FROM: "site@treasurevalleyroadside.example",
      LEAD_ALERT_TO: "owner@treasurevalleyroadside.example",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (server.exitCode !== null) throw new Error(`the test business's server exited:\n${stderr}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the test business's server did not start:\n${stderr}`);
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  await smtp?.close();
  rmSync(work, { recursive: true, force: true });
});

const page = async (route: string) => {
  const res = await fetch(`${url}${route}`);
  return { status: res.status, html: await res.text() };
};
const visible = (html: string) => {
  const $ = load(html);
  $("script:not([type='application/ld+json']), style").remove();
  return $.root().text();
};

describe("a second business, built from its folder with no code change", () => {
  it("its pages name its own business, phone, towns and services, and nothing of Stockton's", async () => {
    const routes = ["/", "/services", "/areas", "/about", "/contact", "/chat", "/privacy", "/blog"];
    const towns = business.towns.map((t: { slug: string }) => `/areas/${t.slug}`);
    const services = business.services.map((s: string) => `/services/${s}`);
    for (const route of [...routes, ...towns, ...services]) {
      const { status, html } = await page(route);
      expect(status, route).toBe(200);
      const text = visible(html);
      expect(text, route).toContain(business.name);
      expect(text, route).toContain(business.phone.display);
      expect(text.match(stocktonFacts)?.[0], route).toBeUndefined();
    }
  });

  it("a town with no page written gets an honest one from its facts: distance and direction, highways, services", async () => {
    const text = visible((await page("/areas/meridian")).html);
    expect(text).toContain("Towing and Roadside Help in Meridian, ID");
    expect(text).toContain("About 9 miles west of downtown Boise (straight line)");
    expect(text).toContain("Highways in the area: I-84, I-184 and SR-55.");
    expect(text).toContain("We take towing and roadside calls from Meridian.");
    // The written town keeps its own words.
    expect(visible((await page("/areas/boise")).html)).toContain("I-184, the Connector");
  });

  it("its blog index names the topics of its own articles (content/blog-topics.json), not Stockton's", async () => {
    const $ = load((await page("/blog")).html);
    const description = $("meta[name='description']").attr("content");
    expect(description).toContain("Towing and roadside tips for drivers in Boise, ID: winter driving on I-84 and more");
    expect(description).not.toMatch(/hitch/i);
    expect(visible((await page("/blog")).html)).not.toMatch(/hitch/i);
  });

  it("a service it does not offer is nowhere: no page, no menu entry, no form choice, not in the sitemap", async () => {
    expect((await page("/services/motorcycle-towing")).status).toBe(404);
    expect((await page("/services/gasoline-delivery")).status).toBe(404);
    const home = (await page("/")).html;
    expect(home).not.toContain("/services/motorcycle-towing");
    const $ = load((await page("/contact")).html);
    const choices = $("select[name='service'] option")
      .map((_, o) => $(o).attr("value"))
      .get()
      .filter(Boolean);
    expect(choices).toEqual([
      "Towing",
      "Roadside Assistance",
      "Flat Tire",
      "Junk Car Removal",
      "Jump Start",
      "Vehicle Lockouts",
    ]);
    const sitemap = (await page("/sitemap.xml")).html;
    expect(sitemap).toContain("/services/junk-car-removal");
    expect(sitemap).not.toMatch(/motorcycle-towing|gasoline-delivery|\/es\//);
  });

  it("no page mentions a service it does not offer: not in the words, the menus, the meta or the JSON-LD", async () => {
    // How a page speaks of each service, in English: the phrases of the catalogue and of the interface's
    // lists of services (src/i18n/en/offered-lists.ts).
    const SERVICE_WORDS: Record<string, RegExp> = {
      towing: /\btows?\b/i,
      "emergency-towing": /emergency tow|accident recovery/i,
      "roadside-assistance": /roadside assistance/i,
      "blocked-driveway": /driveway/i,
      "flat-tire": /flat tire|tire change/i,
      "gasoline-delivery": /gasoline|fuel/i,
      "junk-car-removal": /junk car/i,
      "jump-start": /jump.start/i,
      "motorcycle-towing": /motorcycle/i,
      "vehicle-lockouts": /lockout/i,
    };
    const notOffered = Object.keys(SERVICE_WORDS).filter((slug) => !business.services.includes(slug));
    expect(notOffered).toEqual(["emergency-towing", "blocked-driveway", "gasoline-delivery", "motorcycle-towing"]);
    const sitemap = (await page("/sitemap.xml")).html;
    const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(routes.length).toBeGreaterThan(15);
    for (const route of [...routes, "/no-such-page"]) {
      const $ = load((await page(route)).html);
      // Everything a page says or carries: its words, its head (title, description, Open Graph), the
      // islands' props, the alt texts and the JSON-LD; not the code of its scripts.
      $("script:not([type='application/ld+json']), style").remove();
      const said = `${$.root().text()} ${$("[content], [alt], [title], [aria-label], [props]")
        .map((_, el) => ["content", "alt", "title", "aria-label", "props"].map((a) => $(el).attr(a) ?? "").join(" "))
        .get()
        .join(" ")}`;
      for (const slug of notOffered)
        expect(said.match(SERVICE_WORDS[slug] as RegExp)?.[0], `${route}: ${slug}`).toBeUndefined();
    }
  });

  it("in English only: no /es/ pages, no language switch, no hreflang twins", async () => {
    expect((await page("/es")).status).toBe(404);
    expect((await page("/es/services")).status).toBe(404);
    const $ = load((await page("/")).html);
    expect($("[data-testid='language-switch'], [data-testid='drawer-language-switch']")).toHaveLength(0);
    expect($("link[hreflang]")).toHaveLength(0);
  });

  it("its JSON-LD is its own: phone, address, radius, centre, towns and languages", async () => {
    const $ = load((await page("/")).html);
    const nodes = $("script[type='application/ld+json']")
      .map((_, el) => JSON.parse($(el).text()))
      .get()
      .flat();
    const local = nodes.find((n) => n["@type"] === "AutomotiveBusiness");
    expect(local).toMatchObject({
      name: business.name,
      telephone: business.phone.e164,
      address: { streetAddress: business.address.street, addressLocality: "Boise", addressRegion: "ID" },
      knowsLanguage: ["en-US"],
    });
    expect(local.areaServed).toEqual([
      expect.objectContaining({ "@type": "GeoCircle", geoRadius: business.serviceRadiusMeters }),
      { "@type": "City", name: "Boise, ID" },
      { "@type": "City", name: "Meridian, ID" },
      { "@type": "City", name: "Nampa, ID" },
    ]);
  });

  it("its sharing image is its own (og-image.png in its folder), and og:image and the JSON-LD image name it", async () => {
    const res = await fetch(`${url}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals(readFileSync(path.join(root, fixture, "og-image.png")))).toBe(true);
    expect(served.equals(readFileSync(path.join(root, "business/stockton/og-image.png")))).toBe(false);
    const imageUrl = new URL("/og-image.png", business.siteUrl).href;
    for (const route of ["/", "/services/towing", "/areas/meridian"]) {
      const $ = load((await page(route)).html);
      expect($("meta[property='og:image']").attr("content"), route).toBe(imageUrl);
      expect($("meta[name='twitter:image']").attr("content"), route).toBe(imageUrl);
      const nodes = $("script[type='application/ld+json']")
        .map((_, el) => JSON.parse($(el).text()))
        .get()
        .flat();
      expect(nodes.find((n) => n["@type"] === "AutomotiveBusiness")?.image, route).toBe(imageUrl);
    }
  });

  it("the chat covers its towns and calls Stockton outside the area", async () => {
    const ask = async (text: string) => {
      const res = await fetch(`${url}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const meridian = await ask("do you cover Meridian?");
    expect(meridian).toContain("Meridian");
    expect(meridian).not.toMatch(/outside/);
    const stocktonAnswer = await ask("do you cover Stockton?");
    expect(stocktonAnswer).toMatch(/Stockton is outside the towns we list \(Boise, Meridian and Nampa\)/);
    expect(stocktonAnswer).toContain(business.phone.display);
    expect(stocktonAnswer).not.toContain(stockton.phone.display);
    // A service it does not offer: said so, with its own number, and no link to a page it has not.
    const motorcycle = await ask("can you tow my motorcycle?");
    expect(motorcycle).toContain(`We do not offer Motorcycle Towing. Call ${business.phone.display}`);
    expect(motorcycle).not.toContain("/services/motorcycle-towing");
    // English only: a message in Spanish is answered in English.
    const spanish = await fetch(`${url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "¿cubren Nampa?", lang: "es" }),
    });
    expect(spanish.headers.get("content-language")).toBe("en");
  });

  it("the server refuses a request for a service it does not offer, with the form's message", async () => {
    const res = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Dana Test",
        email: "dana@example.com",
        phone: "(208) 555-0111",
        service: "Motorcycle Towing",
        pickupLocation: "Main St & 5th St, Nampa",
        dropoffLocation: "Home in Meridian",
      }),
    });
    expect(res.status).toBe(400);
  });

  it("the owner's alert e-mail for a request names only its own business", async () => {
    const before = smtp.mails.length;
    const res = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Dana Test",
        email: "dana@example.com",
        phone: "(208) 555-0111",
        service: "Jump Start",
        pickupLocation: "Main St & 5th St, Nampa",
        dropoffLocation: "Home in Meridian",
      }),
    });
    expect(res.status).toBe(201);
    const mails = (await smtp.waitFor(before + 2, 60_000)).slice(before);
    const owner = mails.find((m) => m.envelopeTo.includes("owner@treasurevalleyroadside.example"));
    const driver = mails.find((m) => m.envelopeTo.includes("dana@example.com"));
    for (const mail of [owner, driver]) {
      const text = `${mail?.parsed.subject}\n${mail?.parsed.text}`;
      expect(text.match(stocktonFacts)?.[0]).toBeUndefined();
    }
    expect(`${driver?.parsed.text}`).toContain(business.phone.display);
  });
});
