import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { reviews } from "../../server/db/schema";
import { addUser } from "../../server/features/desk/users";
import { business } from "../../src/shared/business";
import { runCli } from "../support/cli";
import { databaseTargets } from "../support/databases";

/**
 * `npm run launch-check` on the repository as it is (every placeholder named, exit 1) and on a copy
 * configured as the owner would (real-looking facts, seven published reviews in the database, a site
 * URL, an alert channel and a desk account: exit 0).
 */
const root = path.resolve(import.meta.dirname, "../..");
const SCRIPT = "scripts/launch-check.ts";
const scratch = mkdtempSync(path.join(tmpdir(), "launch-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A clean environment: no alert, site URL or database variable leaks in from the machine. */
const baseEnv = (extra: Record<string, string>) => ({ DIST_DIR: path.join(scratch, "no-build"), ...extra });

describe("launch-check on the repository as it is", () => {
  it("exits 1 and names each placeholder with its file or setting and its key", async () => {
    const emptyDataDir = path.join(scratch, "empty-data");
    const { code, stdout } = await runCli(SCRIPT, [], baseEnv({ DATA_DIR: emptyDataDir }));
    expect(code).toBe(1);
    const file = "business/stockton/business.json";
    expect(stdout).toContain(`${file} › phone: ${business.phone.display} is a fictional 555-01xx number`);
    expect(stdout).toContain(`${file} › email: ${business.email} is an .example address`);
    expect(stdout).toContain(
      `${file} › privacyEmail: ${business.privacyEmail} is an .example address that receives no mail, and the privacy notice (/privacy) tells people to write to it`,
    );
    expect(stdout).toContain(`${file} › address.street: ${business.address.street} is a made-up street`);
    expect(stdout).toContain(
      `${file} › foundingYear: "serving since ${business.foundingYear.year}" is on /about and in the structured data, but the owner has not confirmed the year`,
    );
    const testimonials = JSON.parse(
      readFileSync(path.join(root, "business/stockton/content/testimonials.json"), "utf8"),
    ) as { id: string; sample: boolean }[];
    expect(testimonials.filter((t) => t.sample)).toHaveLength(7);
    // No published review yet: the carousel's seven places are all samples.
    expect(stdout).toContain(
      "business/stockton/content/testimonials.json › samples shown: the home page still shows 7 sample testimonials (0 published reviews of the 7 places)",
    );
    expect(stdout).toContain("environment › PUBLIC_SITE_URL: not set");
    expect(stdout).toMatch(/environment › SMTP_URL, .*LEAD_ALERT_WEBHOOK_URL.*: no alert channel is configured/);
    expect(stdout).toContain(`database (DATA_DIR ${emptyDataDir}) › desk_users: no desk account`);
    expect(stdout).toMatch(/^Launch check: 9 placeholder\(s\) must be replaced/m);
  });

  it("lists every template placeholder of a new business, and each town with no local page written yet", async () => {
    const template = await runCli(SCRIPT, [], baseEnv({ BUSINESS_DIR: "business/_template", DATA_DIR: scratch }));
    expect(template.code).toBe(1);
    const file = "business/_template/business.json";
    expect(template.stdout).toContain(`${file} › phone → e164: still the template's "FILL IN: the same number`);
    expect(template.stdout).toContain(
      `${file} › towns → 0 → latitude: still the template's "FILL IN: the town's latitude"`,
    );
    expect(template.stdout.match(/still the template's "FILL IN/g)).toHaveLength(23);
    // The sharing image the template ships is a marked placeholder, listed until it is replaced.
    expect(template.stdout).toContain(
      "business/_template/og-image.png › image: still the template's placeholder image: put your own 1200x630 PNG here",
    );

    const other = await runCli(
      SCRIPT,
      [],
      baseEnv({ BUSINESS_DIR: "tests/fixtures/business-test", DATA_DIR: scratch }),
    );
    const areas = "tests/fixtures/business-test/content/areas";
    expect(other.stdout).toContain(`${areas}/meridian.md › Meridian: no local page written yet`);
    expect(other.stdout).toContain(`${areas}/nampa.md › Nampa: no local page written yet`);
    expect(other.stdout).not.toContain(`${areas}/boise.md`);
    // Its own image, made from its business.json (npm run og-image): nothing to replace.
    expect(other.stdout).not.toContain("og-image.png");
  });

  it("also flags a build made without PUBLIC_SITE_URL and alert addresses on .example", async () => {
    // A build made without PUBLIC_SITE_URL: its sitemap still links to the default origin.
    const dist = path.join(scratch, "dist-default");
    mkdirSync(dist, { recursive: true });
    writeFileSync(
      path.join(dist, "sitemap.xml"),
      "<urlset><url><loc>https://stocktontowing.example/</loc></url></urlset>",
    );
    const { code, stdout } = await runCli(
      SCRIPT,
      [],
      baseEnv({
        DIST_DIR: dist,
        DATA_DIR: path.join(scratch, "empty-data-2"),
        PUBLIC_SITE_URL: "https://www.stockton-tow-help.com",
        SMTP_URL: "smtp://mail.stockton-tow-help.com:587",
        LEAD_ALERT_FROM: "site@stockton-tow-help.com",
        LEAD_ALERT_TO: "owner@stocktontowing.example",
      }),
    );
    expect(code).toBe(1);
    expect(stdout).not.toContain("environment › PUBLIC_SITE_URL");
    expect(stdout).toContain("the built site links to https://stocktontowing.example");
    expect(stdout).toContain("environment › LEAD_ALERT_TO: owner@stocktontowing.example is an .example address");
    expect(stdout).not.toContain("no alert channel is configured");
  });
});

describe.each(databaseTargets)("launch-check on a configured copy, desk accounts on $kind", (target) => {
  const copy = path.join(scratch, `configured-${target.kind}`);
  let place: Awaited<ReturnType<(typeof target)["create"]>>;
  let db: Database | undefined;

  beforeAll(async () => {
    // The business folder as the owner fills it in (BUSINESS_DIR names it): real-looking facts.
    cpSync(path.join(root, "business/stockton"), copy, { recursive: true });
    const file = path.join(copy, "business.json");
    const facts = JSON.parse(readFileSync(file, "utf8"));
    Object.assign(facts, {
      phone: { display: "(209) 464-7000", e164: "+12094647000" },
      email: "dispatch@stockton-tow-help.com",
      privacyEmail: "privacy@stockton-tow-help.com",
      address: { ...facts.address, street: "500 N Center St" },
      foundingYear: { ...facts.foundingYear, confirmedByOwner: true },
    });
    writeFileSync(file, JSON.stringify(facts));
    place = await target.create();
    db = await openDatabase(place);
    await addUser(db.db, "owner@stockton-tow-help.com", "correct horse battery staple");
    // Seven published reviews fill the carousel's seven places: no sample is shown any more.
    await db.db.insert(reviews).values(
      Array.from({ length: 7 }, (_, i) => ({
        stars: 5,
        comment: `Real review ${i + 1}`,
        consent: true,
        language: "en" as const,
        firstName: "Driver",
        publishedAt: new Date(),
      })),
    );
  });
  afterAll(async () => {
    await db?.close();
    await place?.dispose();
  });

  const configured = () =>
    baseEnv({
      PUBLIC_SITE_URL: "https://www.stockton-tow-help.com",
      LEAD_ALERT_WEBHOOK_URL: "https://hooks.stockton-tow-help.com/requests",
      LEAD_ALERT_WEBHOOK_SECRET: "a-webhook-secret-of-32-characters",
      BUSINESS_DIR: copy,
      DATA_DIR: place.dataDir,
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    });

  if (target.kind === "pglite") {
    it("while a server holds the PGlite folder, says it could not check the desk accounts and exits 1", async () => {
      const { code, stdout } = await runCli(SCRIPT, [], configured());
      expect(code).toBe(1);
      expect(stdout).toMatch(/desk_users: could not check: The database folder .* is in use by another running server/);
      expect(stdout).toContain("Stop the server and run `npm run launch-check` again");
      expect(stdout).toContain("could not tell how many of the 7 sample testimonials the home page still shows");
      expect(stdout).toMatch(/^Launch check: 2 placeholder\(s\)/m);
    });
  }

  it("exits 0 with no placeholder left", async () => {
    // An embedded folder has one owner: the test lets go of it, as the owner stops the server.
    if (target.kind === "pglite") {
      await db?.close();
      db = undefined;
    }
    const { code, stdout, stderr } = await runCli(SCRIPT, [], configured());
    expect(stderr).toBe("");
    expect(stdout).toContain("Launch check passed: no placeholders left.");
    expect(code).toBe(0);
  });

  it("the configured copy still fails when the desk account is missing", async () => {
    const { code, stdout } = await runCli(SCRIPT, [], {
      ...configured(),
      DATA_DIR: path.join(scratch, `no-db-${target.kind}`),
      DATABASE_URL: "",
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/desk_users: no desk account/);
    // An empty database has no published review either.
    expect(stdout).toContain("the home page still shows 7 sample testimonials");
    expect(stdout).toMatch(/^Launch check: 2 placeholder\(s\)/m);
  });
});
