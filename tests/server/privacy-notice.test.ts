import { readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { rowsOf } from "../../server/db/rows";
import { PRIVACY_EFFECTIVE_DATE, privacyContact } from "../../src/shared/privacy";
import { DEFAULT_LOCATION_RETENTION_DAYS, DEFAULT_REQUEST_RETENTION_DAYS } from "../../src/shared/retention";
import { site } from "../../src/shared/site";
import { testConfig } from "../support/config";
import { builtDist, builtKnowledge } from "../support/content";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { logSink } from "../support/log-sink";
import { emptyTestSite } from "../support/test-site";

/** The built notice's text, one line per item, as a reader finds it. */
const notice = (file: string) => {
  const $ = cheerio.load(readFileSync(path.join(builtDist, file), "utf8"));
  return {
    items: $("[data-testid=privacy-notice] li")
      .map((_, li) => $(li).text())
      .get(),
    lead: $("main p").first().text(),
    $,
  };
};

describe("the privacy notice, as built", () => {
  const en = notice("privacy.html");
  const es = notice("es/privacy.html");

  it("says how long each thing is kept, with the numbers the server enforces by default", () => {
    expect(en.items.join("\n")).toContain(
      `Your phone's location: erased ${DEFAULT_LOCATION_RETENTION_DAYS} days after your request is done, cancelled or closed, everywhere we keep it`,
    );
    expect(en.items.join("\n")).toContain(`deleted ${DEFAULT_REQUEST_RETENTION_DAYS} days after it arrived`);
    expect(es.items.join("\n")).toContain(`se borra ${DEFAULT_LOCATION_RETENTION_DAYS} días después`);
    expect(es.items.join("\n")).toContain(`se eliminan ${DEFAULT_REQUEST_RETENTION_DAYS} días después`);
  });

  it("names every recipient of the position, and says copies already e-mailed or posted are outside the erasure", () => {
    const recipients = {
      en: [
        /Our dispatchers \(the owner and the staff who answer requests\), through the desk: .*your phone's position included/,
        /The partner towing or roadside operator who takes your job: .*your phone's position included/,
        /The owner's alert e-mail and alert webhook .*your phone's position included/,
        /Copies already sent by e-mail or webhook .* are outside this erasure/,
        /What stays with your request until it is deleted is the name of the town we serve nearest to you/,
      ],
      es: [
        /Nuestros despachadores \(el dueño y el personal que atiende las solicitudes\), en el escritorio: .*incluida la posición de su teléfono/,
        /El operador asociado de grúa o asistencia que toma su servicio: .*incluida la posición de su teléfono/,
        /El correo de alertas y el webhook de alertas del dueño .*incluida la posición de su teléfono/,
        /Las copias ya enviadas por correo o por webhook .* quedan fuera de este borrado/,
        /Lo que queda con su solicitud hasta que se elimina es el nombre de la ciudad que atendemos más cercana a usted/,
      ],
    };
    for (const [page, statements] of [
      [en, recipients.en],
      [es, recipients.es],
    ] as const)
      for (const statement of statements)
        expect(
          page.items.some((item) => statement.test(item)),
          String(statement),
        ).toBe(true);
  });

  it("names where to ask for a copy or a deletion, and the date it took effect", () => {
    for (const page of [en, es]) {
      expect(page.items.join("\n")).toContain(privacyContact.email);
      expect(page.items.join("\n")).toContain(site.phone.display);
      expect(page.lead).toContain(PRIVACY_EFFECTIVE_DATE);
    }
  });

  it("says no data is sold or shared for advertising, how Do Not Track is answered, and that a precise location is sensitive", () => {
    const text = en.items.join("\n");
    expect(text).toContain("We do not sell your information, and we do not share it for advertising.");
    expect(text).toContain("a Do Not Track signal changes nothing here");
    expect(text).toContain("California law counts a precise location as sensitive personal information.");
    expect(text).toContain("Our server does not store it, in its database or in its logs.");
  });

  it("is linked from every page's footer, in the page's language", () => {
    const link = (file: string) =>
      cheerio
        .load(readFileSync(path.join(builtDist, file), "utf8"))("[data-testid=footer-privacy]")
        .attr("href");
    expect(link("index.html")).toBe("/privacy");
    expect(link("es.html")).toBe("/es/privacy");
    expect(link("contact.html")).toBe("/privacy");
  });

  it("the form links it too, even without JavaScript", () => {
    const $ = cheerio.load(readFileSync(path.join(builtDist, "contact.html"), "utf8"));
    const links = $("[data-testid=contact-form] a[href='/privacy']");
    expect(links.map((_, a) => $(a).text()).get()).toEqual(["Privacy notice", "Privacy notice"]);
    // One beside "Use my location" (shown only where scripts run), one under the send button for everyone.
    expect(links.filter((_, a) => $(a).closest("[data-testid=use-my-location]").length === 0)).toHaveLength(1);
  });
});

describe.each(databaseTargets)("what the notice says of the chat holds, on $kind", (target) => {
  it("a chat message leaves no trace in the database nor in the log", async () => {
    const db = await openTestDatabase(target);
    const log = logSink();
    const app = await buildApp({
      config: testConfig(),
      logger: { level: "trace", stream: log.stream },
      site: { ...emptyTestSite(), chatKnowledge: builtKnowledge() },
      db,
    });
    try {
      const secret = `my car broke down at Zebulon Quartzfield ${Date.now()}`;
      const res = await app.inject({ method: "POST", url: "/api/chat", payload: { text: secret } });
      expect(res.statusCode).toBe(200);
      expect(log.lines.length).toBeGreaterThan(0); // the log was on
      expect(log.text()).not.toContain("Zebulon");
      const tables = await rowsOf<{ table_name: string }>(
        db.db,
        sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      );
      expect(tables.length).toBeGreaterThan(5);
      for (const { table_name } of tables) {
        const found = await rowsOf<{ n: number }>(
          db.db,
          sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like ${"%Zebulon%"}`,
        );
        expect(found[0]?.n, table_name).toBe(0);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});
