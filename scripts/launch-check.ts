/**
 * `npm run launch-check`: lists every placeholder that must not reach the public, each with the file
 * (or setting) and the key that holds it, and exits 1 while any remains; 0 on a site ready to go live.
 *
 * It checks what this repository ships as stand-ins (src/shared/site.ts, the content, the testimonials),
 * the environment the server and the build read (PUBLIC_SITE_URL, the alert channels), the build in
 * DIST_DIR when there is one, and the database (a desk account must exist). Run it with the same
 * environment as the server (DATA_DIR or DATABASE_URL). An embedded PGlite folder has one owner: while
 * the server runs on it, the desk-account check cannot open it and says so (stop the server, or run
 * the check where DATABASE_URL names the PostgreSQL database).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig, type ServerConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/lock";
import { deskUsers, reviews } from "../server/db/schema";
// Imported, not read at run time: the compiled check (dist-server/launch-check.js) carries it where src/ is not shipped.
import testimonialsJson from "../src/content/testimonials.json" with { type: "json" };
import { privacyContact } from "../src/shared/privacy";
import { CAROUSEL_PLACES } from "../src/shared/review";
import { site } from "../src/shared/site";
import { samplesShownWith } from "../src/shared/testimonials";

const root = path.resolve(import.meta.dirname, "..");
const SITE_FILE = "src/shared/site.ts";

/** The stand-ins this repository ships: a fictional 555-01xx number, .example domains, a made-up street. */
const FICTIONAL_PHONE = /\b555[-. ]?01\d\d\b|\+1\d{3}55501\d\d/;
const EXAMPLE_DOMAIN = /[\w.-]*\.example\b|\bexample\.(com|org|net)\b/i;
const FICTIONAL_STREETS = ["1420 Waterfront Way"];
/** The canonical origin the build falls back to when PUBLIC_SITE_URL is not set (astro.config.mjs). */
const DEFAULT_SITE_URL = "https://stocktontowing.example";

interface Placeholder {
  /** The file, or the setting, that holds it. */
  where: string;
  /** The key within it. */
  key: string;
  /** What is wrong and what to do, for the owner. */
  problem: string;
}

function siteFacts(): Placeholder[] {
  const found: Placeholder[] = [];
  if (FICTIONAL_PHONE.test(site.phone.e164) || FICTIONAL_PHONE.test(site.phone.display)) {
    found.push({
      where: SITE_FILE,
      key: "site.phone",
      problem: `${site.phone.display} is a fictional 555-01xx number: put the business's real phone here`,
    });
  }
  if (EXAMPLE_DOMAIN.test(site.email)) {
    found.push({
      where: SITE_FILE,
      key: "site.email",
      problem: `${site.email} is an .example address that receives no mail: put the business's real e-mail here`,
    });
  }
  if (FICTIONAL_STREETS.includes(site.address.street)) {
    found.push({
      where: SITE_FILE,
      key: "site.address.street",
      problem: `${site.address.street} is a made-up street: put the business's real address here`,
    });
  }
  if (!site.foundingYear.confirmedByOwner) {
    found.push({
      where: SITE_FILE,
      key: "site.foundingYear",
      problem: `"serving since ${site.foundingYear.year}" is on /about and in the structured data, but the owner has not confirmed the year: put the real year and set confirmedByOwner: true`,
    });
  }
  return found;
}

/** Every file under a folder, as paths relative to the repository. */
function filesUnder(folder: string): string[] {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|json)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A fictional number or .example address written into the content itself (articles, pages, cards). */
/** The privacy notice (/privacy) tells people where to ask for a copy or a deletion. */
function privacyFacts(): Placeholder[] {
  if (!EXAMPLE_DOMAIN.test(privacyContact.email)) return [];
  return [
    {
      where: "src/shared/privacy.ts",
      key: "privacyContact.email",
      problem: `${privacyContact.email} is an .example address that receives no mail, and the privacy notice (/privacy) tells people to write to it: put the address that answers privacy requests here`,
    },
  ];
}

function contentFacts(): Placeholder[] {
  const found: Placeholder[] = [];
  if (!existsSync(path.join(root, "src/content"))) {
    // The deployed layout (dist/, dist-server/, node_modules) ships no sources: the content is checked where it is.
    console.error("(src/content is not here: run `npm run launch-check` in the source tree too to check the content.)");
    return found;
  }
  for (const file of filesUnder("src/content")) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      const phone = line.match(FICTIONAL_PHONE)?.[0];
      const domain = line.match(EXAMPLE_DOMAIN)?.[0];
      if (phone) found.push({ where: file, key: `line ${i + 1}`, problem: `fictional phone number ${phone}` });
      if (domain) found.push({ where: file, key: `line ${i + 1}`, problem: `.example address ${domain}` });
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
  const file = "src/content/testimonials.json";
  const entries = testimonialsJson as {
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

function siteUrl(env: NodeJS.ProcessEnv, distDir: string): Placeholder[] {
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
  return [
    ...siteFacts(),
    ...privacyFacts(),
    ...contentFacts(),
    ...sampleTestimonials(database),
    ...siteUrl(env, config.distDir),
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
