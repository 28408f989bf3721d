/**
 * `npm run launch-check`: lists every placeholder that must not reach the public, each with the file
 * (or setting) and the key that holds it, and exits 1 while any remains; 0 on a site ready to go live.
 *
 * It checks the business folder BUSINESS_DIR names (business/stockton by default): business.json's
 * stand-ins and template markers, the towns with no page of their own, the content and the testimonials;
 * the environment the server and the build read (PUBLIC_SITE_URL, the alert channels), the build in
 * DIST_DIR when there is one, and the database (a desk account must exist). Run it with the same
 * environment as the server (DATA_DIR or DATABASE_URL). An embedded PGlite folder has one owner: while
 * the server runs on it, the desk-account check cannot open it and says so (stop the server, or run
 * the check where DATABASE_URL names the PostgreSQL database).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
// Imported, not read at run time: the compiled check (dist-server/launch-check.js) carries the business
// and testimonials of its build where the business folder is not shipped (the deployed layout).
import builtTestimonials from "@business/content/testimonials.json" with { type: "json" };
import { sql } from "drizzle-orm";
import { runtimeBusinessDir } from "../business-dir.mjs";
import { loadConfig, type ServerConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/lock";
import { deskUsers, reviews } from "../server/db/schema";
import { business as builtBusiness } from "../src/shared/business";
import { type Business, businessSchema } from "../src/shared/business-schema";
import { CAROUSEL_PLACES } from "../src/shared/review";
import { samplesShownWith } from "../src/shared/testimonials";

// The working folder, not this file's: compiled, this file is dist-server/launch-check.js in a release folder.
const root = process.cwd();
/** The business checked: the folder BUSINESS_DIR names (business-dir.mjs), read now, not at build. */
const folder = runtimeBusinessDir();
const inRepo = (file: string) => path.relative(root, file) || file;
const BUSINESS_FILE = inRepo(path.join(folder, "business.json"));
const CONTENT_DIR = path.join(folder, "content");

/** The stand-ins this repository ships: a fictional 555-01xx number, .example domains, a made-up street. */
const FICTIONAL_PHONE = /\b555[-. ]?01\d\d\b|\+1\d{3}55501\d\d/;
const EXAMPLE_DOMAIN = /[\w.-]*\.example\b|\bexample\.(com|org|net)\b/i;
const FICTIONAL_STREETS = ["1420 Waterfront Way"];
/** How `npm run business:new` marks what the owner must write (business/_template). */
const FILL_IN = /FILL IN[^"\n]*/;

interface Placeholder {
  /** The file, or the setting, that holds it. */
  where: string;
  /** The key within it. */
  key: string;
  /** What is wrong and what to do, for the owner. */
  problem: string;
}

/** Every "FILL IN" marker left in business.json, by its key ("towns → 0 → name"). */
function fillInMarkers(value: unknown, key: string[] = []): Placeholder[] {
  if (typeof value === "string") {
    const marker = value.match(FILL_IN)?.[0];
    return marker ? [{ where: BUSINESS_FILE, key: key.join(" → "), problem: `still the template's "${marker}"` }] : [];
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => fillInMarkers(v, [...key, k]));
  }
  return [];
}

/** business.json itself: its template markers, then what the schema refuses, then the stand-in facts. */
function businessFacts(): { found: Placeholder[]; business?: Business } {
  const file = path.join(folder, "business.json");
  if (!existsSync(folder)) {
    // The deployed layout (dist/, dist-server/, node_modules) ships no business folder: check the build's.
    console.error(`(${BUSINESS_FILE} is not here: checking the business this build was made for.)`);
    return { found: standIns(builtBusiness), business: builtBusiness };
  }
  if (!existsSync(file)) {
    return { found: [{ where: BUSINESS_FILE, key: "file", problem: "missing: run npm run business:new -- NAME" }] };
  }
  const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
  const markers = fillInMarkers(raw);
  const parsed = businessSchema.safeParse(raw);
  if (!parsed.success) {
    const marked = new Set(markers.map((m) => m.key));
    const errors = parsed.error.issues
      .filter((i) => !marked.has(i.path.join(" → ")))
      .map((i) => ({ where: BUSINESS_FILE, key: i.path.join(" → ") || "file", problem: i.message }));
    return { found: [...markers, ...errors] };
  }
  return { found: [...markers, ...standIns(parsed.data)], business: parsed.data };
}

function standIns(business: Business): Placeholder[] {
  const found: Placeholder[] = [];
  const add = (key: string, problem: string) => found.push({ where: BUSINESS_FILE, key, problem });
  if (FICTIONAL_PHONE.test(business.phone.e164) || FICTIONAL_PHONE.test(business.phone.display)) {
    add("phone", `${business.phone.display} is a fictional 555-01xx number: put the business's real phone here`);
  }
  if (EXAMPLE_DOMAIN.test(business.email)) {
    add("email", `${business.email} is an .example address that receives no mail: put the business's real e-mail here`);
  }
  if (EXAMPLE_DOMAIN.test(business.privacyEmail)) {
    add(
      "privacyEmail",
      `${business.privacyEmail} is an .example address that receives no mail, and the privacy notice (/privacy) tells people to write to it: put the address that answers privacy requests here`,
    );
  }
  if (FICTIONAL_STREETS.includes(business.address.street)) {
    add("address.street", `${business.address.street} is a made-up street: put the business's real address here`);
  }
  if (!business.foundingYear.confirmedByOwner) {
    add(
      "foundingYear",
      `"serving since ${business.foundingYear.year}" is on /about and in the structured data, but the owner has not confirmed the year: put the real year and set confirmedByOwner: true`,
    );
  }
  return found;
}

/** A town with no page of its own words gets one built from its facts only: fine, but the owner should know. */
function townPages(business: Business | undefined): Placeholder[] {
  // The deployed layout ships no content: its town pages are checked in the source tree.
  if (!existsSync(CONTENT_DIR)) return [];
  return (business?.towns ?? [])
    .filter((t) => !existsSync(path.join(CONTENT_DIR, "areas", `${t.slug}.md`)))
    .map((t) => ({
      where: inRepo(path.join(CONTENT_DIR, "areas", `${t.slug}.md`)),
      key: t.name,
      problem: `no local page written yet: /areas/${t.slug} shows only the town's facts (distance, highways, services); write a few paragraphs about driving and breaking down there`,
    }));
}

/**
 * The image shown when a page is shared (og-image.png): the template's placeholder carries a "FILL IN"
 * mark in its text chunk (scripts/render-og-image.mjs --placeholder) until the owner replaces it.
 */
function sharingImage(): Placeholder[] {
  // The deployed layout ships no business folder: the image is checked where it is made.
  if (!existsSync(folder)) return [];
  const file = path.join(folder, "og-image.png");
  const where = inRepo(file);
  if (!existsSync(file)) {
    return [{ where, key: "file", problem: "missing: the build needs the image shown when a page is shared" }];
  }
  const png = readFileSync(file);
  const fix = "put your own 1200x630 PNG here, or run npm run og-image to make one from business.json";
  if (png.subarray(1, 4).toString("latin1") !== "PNG") return [{ where, key: "file", problem: `not a PNG: ${fix}` }];
  if (FILL_IN.test(png.toString("latin1"))) {
    return [{ where, key: "image", problem: `still the template's placeholder image: ${fix}` }];
  }
  const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
  return size === "1200x630" ? [] : [{ where, key: "size", problem: `${size}, not 1200x630: ${fix}` }];
}

/** Every file under a folder, as paths relative to the repository. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|json)$/.test(e.name))
    .map((e) => inRepo(path.join(e.parentPath, e.name)))
    .sort();
}

/** A fictional number, an .example address or a template marker written into the content itself. */
function contentFacts(): Placeholder[] {
  const found: Placeholder[] = [];
  if (!existsSync(CONTENT_DIR)) {
    // The deployed layout ships no sources: the content is checked where it is written.
    console.error(
      "(the business's content/ is not here: run `npm run launch-check` in the source tree too to check the content.)",
    );
    return found;
  }
  for (const file of filesUnder(CONTENT_DIR)) {
    const lines = readFileSync(path.resolve(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      const phone = line.match(FICTIONAL_PHONE)?.[0];
      const domain = line.match(EXAMPLE_DOMAIN)?.[0];
      const marker = line.match(FILL_IN)?.[0];
      if (phone) found.push({ where: file, key: `line ${i + 1}`, problem: `fictional phone number ${phone}` });
      if (domain) found.push({ where: file, key: `line ${i + 1}`, problem: `.example address ${domain}` });
      if (marker) found.push({ where: file, key: `line ${i + 1}`, problem: `still the template's "${marker}"` });
    });
  }
  return found;
}

/**
 * The samples the home page's carousel still shows: its seven places take the published reviews first
 * (from the database), and samples fill only the places left. Without the database it cannot know how
 * many are covered, and says so.
 */
function sampleTestimonials(check: DatabaseCheck): Placeholder[] {
  const file = inRepo(path.join(CONTENT_DIR, "testimonials.json"));
  const written = existsSync(path.resolve(root, file));
  if (!written && existsSync(folder)) return [];
  const entries = (written ? JSON.parse(readFileSync(path.resolve(root, file), "utf8")) : builtTestimonials) as {
    id: string;
    name: string;
    sample?: boolean;
  }[];
  const fixed = entries.map((t) => ({ ...t, sample: t.sample !== false }));
  const samples = fixed.slice(0, CAROUSEL_PLACES).filter((t) => t.sample).length;
  if ("unknown" in check) {
    if (samples === 0) return [];
    return [
      {
        where: file,
        key: "samples shown",
        problem: `could not tell how many of the ${samples} sample testimonials the home page still shows (published reviews replace them): ${check.unknown}`,
      },
    ];
  }
  const shown = samplesShownWith(check.publishedReviews, fixed);
  if (shown === 0) return [];
  return [
    {
      where: file,
      key: "samples shown",
      problem: `the home page still shows ${shown} sample testimonial${shown === 1 ? "" : "s"} (${check.publishedReviews} published review${check.publishedReviews === 1 ? "" : "s"} of the ${CAROUSEL_PLACES} places): publish real reviews from the desk's Reviews page (drivers are asked after every finished request); each one replaces a sample`,
    },
  ];
}

function siteUrl(env: NodeJS.ProcessEnv, distDir: string, business: Business | undefined): Placeholder[] {
  /** The origin the build falls back to when PUBLIC_SITE_URL is not set (astro.config.mjs). */
  const DEFAULT_SITE_URL = business?.siteUrl.replace(/\/$/, "") ?? "(business.json's siteUrl)";
  const found: Placeholder[] = [];
  const value = env.PUBLIC_SITE_URL?.trim();
  let problem: string | undefined;
  if (!value)
    problem = `not set: the build uses ${DEFAULT_SITE_URL} in canonical links, the sitemap and structured data`;
  else if (!URL.canParse(value)) problem = `${value} is not a URL`;
  else {
    const url = new URL(value);
    if (EXAMPLE_DOMAIN.test(url.hostname)) problem = `${value} is an .example domain`;
    else if (/^(localhost|127\.|\[::1\])/.test(url.hostname)) problem = `${value} is a local address`;
    else if (url.protocol !== "https:") problem = `${value} should start with https://`;
  }
  if (problem) found.push({ where: "environment", key: "PUBLIC_SITE_URL", problem: `${problem}; set it, then build` });
  // The origin is baked into the pages at build time: a build made without it still carries the default.
  const sitemap = path.join(distDir, "sitemap.xml");
  if (existsSync(sitemap) && readFileSync(sitemap, "utf8").includes(DEFAULT_SITE_URL)) {
    found.push({
      where: path.relative(root, sitemap) || sitemap,
      key: "PUBLIC_SITE_URL",
      problem: `the built site links to ${DEFAULT_SITE_URL}: run \`npm run build\` with PUBLIC_SITE_URL set`,
    });
  }
  return found;
}

function alertChannels(config: ServerConfig, env: NodeJS.ProcessEnv): Placeholder[] {
  const { email, webhook } = config.alerts;
  if (!email && !webhook) {
    return [
      {
        where: "environment",
        key: "SMTP_URL, LEAD_ALERT_FROM, LEAD_ALERT_TO or LEAD_ALERT_WEBHOOK_URL, LEAD_ALERT_WEBHOOK_SECRET",
        problem: "no alert channel is configured: new service requests would reach nobody until someone opens the desk",
      },
    ];
  }
  const found: Placeholder[] = [];
  for (const key of ["LEAD_ALERT_FROM", "LEAD_ALERT_TO", "LEAD_ALERT_WEBHOOK_URL"] as const) {
    const value = env[key];
    if (value && EXAMPLE_DOMAIN.test(value)) {
      found.push({ where: "environment", key, problem: `${value} is an .example address that receives nothing` });
    }
  }
  return found;
}

/** What the database says: the desk accounts, and the reviews on the home page. */
type DatabaseCheck = { accounts: number; publishedReviews: number } | { unknown: string };

async function databaseFacts(config: ServerConfig): Promise<DatabaseCheck> {
  // An empty folder has no database yet; opening it would create one (a minute and most of a gigabyte).
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "PG_VERSION")))
    return { accounts: 0, publishedReviews: 0 };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return {
        unknown:
          `could not check: ${error.message} Stop the server and run \`npm run launch-check\` again ` +
          "(or run it with the DATABASE_URL of a PostgreSQL database).",
      };
    }
    return { unknown: `could not open the database: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(deskUsers);
    // What the carousel shows (server/features/reviews/store.ts, publishedReviews).
    const [shown] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(sql`${reviews.publishedAt} is not null and ${reviews.consent} and not ${reviews.hidden}`);
    return { accounts: Number(row?.n ?? 0), publishedReviews: Number(shown?.n ?? 0) };
  } finally {
    await database.close();
  }
}

function deskAccount(check: DatabaseCheck, config: ServerConfig): Placeholder[] {
  const where = config.databaseUrl ? "database (DATABASE_URL)" : `database (DATA_DIR ${config.dataDir})`;
  if ("unknown" in check) return [{ where, key: "desk_users", problem: check.unknown }];
  if (check.accounts > 0) return [];
  return [
    {
      where,
      key: "desk_users",
      problem: "no desk account: nobody can sign in at /desk to work requests. Add one: npm run desk -- add-user EMAIL",
    },
  ];
}

async function launchCheck(env: NodeJS.ProcessEnv = process.env): Promise<Placeholder[]> {
  let config: ServerConfig;
  try {
    config = loadConfig(env, root);
  } catch (error) {
    // The server would refuse to start: that is the first thing to fix.
    return [{ where: "environment", key: "server configuration", problem: (error as Error).message }];
  }
  const database = await databaseFacts(config);
  const { found, business } = businessFacts();
  return [
    ...found,
    ...townPages(business),
    ...sharingImage(),
    ...contentFacts(),
    ...sampleTestimonials(database),
    ...siteUrl(env, config.distDir, business),
    ...alertChannels(config, env),
    ...deskAccount(database, config),
  ];
}

async function main(): Promise<number> {
  const found = await launchCheck();
  if (found.length === 0) {
    console.log("Launch check passed: no placeholders left. The site is ready to go live.");
    return 0;
  }
  console.log(`Launch check: ${found.length} placeholder(s) must be replaced before the site goes live.\n`);
  for (const p of found) console.log(`- ${p.where} › ${p.key}: ${p.problem}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
