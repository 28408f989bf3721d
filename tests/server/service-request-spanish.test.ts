import * as cheerio from "cheerio";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { serviceRequests } from "../../server/db/schema";
import { newPageToken } from "../../server/shared/page-tokens";
import { readSiteFiles } from "../../server/site-files";
import { fill, ui } from "../../src/i18n/ui";
import { deskStatuses } from "../../src/shared/desk-schema";
import { driverStatusOf } from "../../src/shared/request-page";
import { MIN_LOCATION_CHARS, PHONE_DIGITS_MESSAGE } from "../../src/shared/service-request-schema";
import { site } from "../../src/shared/site";
import { builtDist } from "../support/content";
import { databaseTargets } from "../support/databases";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase, type TestDatabase } from "../support/test-app";

const pglite = databaseTargets[0];
if (!pglite) throw new Error("no database target");

const es = ui.es;
const phoneMessage = es.validation.phone;
const locationMessage = fill(es.validation.location, { min: MIN_LOCATION_CHARS });

const postForm = (app: FastifyInstance, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
const postJson = (app: FastifyInstance, body: object) =>
  app.inject({ method: "POST", url: "/api/contact", payload: body });

/**
 * A request sent from a Spanish page says so (`language: "es"`): the server checks it with the same
 * schema and answers in Spanish, with and without JavaScript, and stores its language for the owner.
 */
describe("a service request from the Spanish site", () => {
  let app: FastifyInstance;
  let db: TestDatabase;
  const languageOf = async (id: number) =>
    (
      await db.db.select({ language: serviceRequests.language }).from(serviceRequests).where(eq(serviceRequests.id, id))
    )[0]?.language;
  // Many requests from one test address: the limits have their own tests.
  const roomy = { max: 10_000, timeWindowMs: 60_000 };
  appOnFreshDatabase(
    pglite,
    { serviceRequestRateLimit: roomy, requestPageRateLimit: roomy },
    (ready) => ({ app, db } = ready),
    { site: readSiteFiles(builtDist) },
  );

  it("JSON: the fields' messages and the summary come back in Spanish; the same mistakes in English stay English", async () => {
    const bad = { ...validServiceRequest, phone: "12", pickupLocation: "x", email: "" };
    const res = await postJson(app, { ...bad, language: "es" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: es.refusal.invalidFields,
      message: es.refusal.invalidFields,
      code: "invalid_fields",
      fields: { phone: phoneMessage, pickupLocation: locationMessage, email: es.validation.required },
    });
    const english = (await postJson(app, bad)).json();
    expect(english.fields).toEqual({
      phone: PHONE_DIGITS_MESSAGE,
      pickupLocation: expect.any(String),
      email: "Required",
    });
    expect(english.message).toBe("Some fields are missing or invalid.");
  });

  it("stores the language: es from a Spanish page, en when a client leaves it out, and refuses any other", async () => {
    const spanish = await postJson(app, { ...validServiceRequest, language: "es" });
    expect(spanish.statusCode).toBe(201);
    expect(await languageOf(spanish.json().id)).toBe("es");
    const unsaid = await postJson(app, validServiceRequest);
    expect(await languageOf(unsaid.json().id)).toBe("en");
    const other = await postJson(app, { ...validServiceRequest, language: "fr" });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual({ language: ui.en.validation.language });
  });

  it("without JavaScript: a refused Spanish form comes back as the Spanish page, filled in, errors in Spanish beside the fields", async () => {
    const res = await postForm(app, { ...validServiceRequest, phone: "12", dropoffLocation: "", language: "es" });
    expect(res.statusCode).toBe(400);
    const $ = cheerio.load(res.body);
    expect($("html").attr("lang")).toBe("es-US");
    expect($("h1").first().text()).toBe(es.invalidPage.heading);
    const form = $('form[data-testid="contact-form"]');
    const control = (name: string) => form.find(`[name="${name}"]`);
    expect(control("language").attr("value")).toBe("es");
    expect(control("phone").attr("value")).toBe("12");
    expect($(`[id="${control("phone").attr("id")}-error"]`).text()).toBe(phoneMessage);
    expect($(`[id="${control("dropoffLocation").attr("id")}-error"]`).text()).toBe(es.validation.required);
    const problems = $('[data-testid="contact-problems"] li')
      .map((_, li) => $(li).text())
      .get();
    expect(problems).toEqual([`${es.form.phone}: ${phoneMessage}`, `${es.form.dropoff}: ${es.validation.required}`]);
    expect($('[data-slot="contact-problems"] p').first().text()).toBe(es.refusal.fixThese);
    // The Spanish labels of the form, and its service names, are the ones the driver saw.
    expect(form.find(`label[for="${control("phone").attr("id")}"]`).text()).toContain(es.form.phone);
    expect(control("service").find("option[selected]").text()).toBe(es.serviceNames["jump-start"]);
  });

  it("without JavaScript: a stored Spanish request lands on /es/contact/sent with its number, in Spanish", async () => {
    const res = await postForm(app, { ...validServiceRequest, language: "es" });
    expect(res.statusCode).toBe(303);
    const location = res.headers.location ?? "";
    expect(location).toMatch(/^\/es\/contact\/sent\?id=\d+&token=[\w-]+$/);
    const id = Number(new URL(location, "http://x").searchParams.get("id"));
    expect(await languageOf(id)).toBe("es");
    const page = await app.inject({ method: "GET", url: location });
    expect(page.statusCode).toBe(200);
    const $ = cheerio.load(page.body);
    expect($("html").attr("lang")).toBe("es-US");
    expect($('[data-testid="request-number"]').text()).toBe(`Su número de solicitud es #${id}.`);
    expect($("h1").text()).toBe(es.sentPage.heading);
    // The link to the request's own page, in Spanish too.
    expect($('[data-testid="request-page-link"] a').text()).toBe(es.confirmation.pageLink.link);
    expect($('[data-testid="request-page-link"] a').attr("href")).toMatch(/^\/request\/[\w-]+$/);
    // An English form still lands on the English page.
    const english = await postForm(app, validServiceRequest);
    expect(english.headers.location).toMatch(/^\/contact\/sent\?id=\d+&token=[\w-]+$/);
  });

  it("a refused Spanish request names the phone number in Spanish: the honeypot", async () => {
    const res = await postJson(app, { ...validServiceRequest, language: "es", company_website: "spam" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `No se aceptó esta solicitud. Si necesita ayuda, llámenos al ${site.phone.display}.`,
    );
  });

  it("a body it cannot read says so in Spanish when it came from a Spanish page (the Referer), and in English otherwise", async () => {
    const broken = "name=%zz&language=es";
    const fromSpanish = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "https://stocktontowing.example/es/contact",
      },
      payload: "x".repeat(64 * 1024) + broken,
    });
    expect(fromSpanish.statusCode).toBe(413);
    expect(cheerio.load(fromSpanish.body)('[data-slot="contact-problems"]').text()).toContain(
      `llámenos al ${site.phone.display}`,
    );
    const fromEnglish = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "https://stocktontowing.example/contact",
      },
      payload: "x".repeat(64 * 1024),
    });
    expect(cheerio.load(fromEnglish.body)('[data-slot="contact-problems"]').text()).toContain(
      `call us at ${site.phone.display}`,
    );
  });

  it("a Spanish request's own page (/request/{token}) is in Spanish: lang, heading, facts, every status, the cancel form", async () => {
    const created = await postJson(app, { ...validServiceRequest, phone: "(209) 555-0187", language: "es" });
    const { id, requestPage } = created.json() as { id: number; requestPage: string };
    const open = async () => {
      const res = await app.inject({ method: "GET", url: requestPage });
      expect(res.statusCode).toBe(200);
      return cheerio.load(res.body);
    };
    const $ = await open();
    const t = es.requestPage;
    expect($("html").attr("lang")).toBe("es-US");
    expect($("title").text()).toContain(t.title);
    expect($("h1").text()).toBe(`Solicitud de servicio #${id}`);
    expect($('[data-testid="request-status"]').text()).toBe("Recibida");
    expect($("main").text()).toContain(t.hints.received);
    expect(
      $('[data-testid="request-facts"] dt')
        .map((_, dt) => $(dt).text())
        .get(),
    ).toEqual([t.facts.number, t.facts.service, t.facts.pickup, t.facts.sent, t.facts.callAt]);
    // The service by its Spanish name (the row keeps the specification's "Jump Start"), the time in Spanish.
    const facts = $('[data-testid="request-facts"]').text();
    expect(facts).toContain(es.serviceNames["jump-start"]);
    expect(facts).not.toContain("Jump Start");
    expect(facts).toContain("número que termina en 0187");
    expect($('[data-testid="request-facts"] time').text()).toMatch(/^(lun|mar|mié|jue|vie|sáb|dom), \d+ de /);
    // "I no longer need help", in Spanish, and the 911-first line of the Spanish confirmation.
    expect($("main details summary").text()).toBe("Ya no necesito ayuda");
    expect($('label[for="cancel-reason"]').text()).toBe("Motivo (opcional)");
    expect($('main form button[type="submit"]').text()).toBe("Sí, cancelar mi solicitud");
    expect($('[data-testid="danger-first"] a[href="tel:911"]').text()).toBe(es.confirmation.call911);
    // The island starts in Spanish too: its words come with the page, none of them English.
    expect($("#request-islands-words").text()).toContain("Un operador va en camino");
    expect($("#request-islands-words").text()).not.toContain("on the way");

    const shown: Record<string, string> = {};
    for (const status of deskStatuses) {
      await db.db.update(serviceRequests).set({ status }).where(eq(serviceRequests.id, id));
      shown[status] = (await open())('[data-testid="request-status"]').text();
      expect(shown[status], status).toBe(t.statuses[driverStatusOf[status]]);
    }
    expect(shown).toMatchObject({
      contacted: "Le estamos consiguiendo ayuda",
      dispatched: "Un operador va en camino",
      completed: "Terminada",
      lost: "Cerrada",
      spam: "Cerrada",
    });
    // An English request's page is still English, from its own shell.
    const english = await postJson(app, validServiceRequest);
    const en = cheerio.load((await app.inject({ method: "GET", url: english.json().requestPage })).body);
    expect(en("html").attr("lang")).toBe("en-US");
    expect(en('[data-testid="request-status"]').text()).toBe("Received");
    expect(en("main details summary").text()).toBe("I no longer need help");
  });

  it("cancelling a Spanish request: a refusal, the cancelled page and a second try all answer in Spanish", async () => {
    const created = await postJson(app, { ...validServiceRequest, language: "es" });
    const { requestPage } = created.json() as { requestPage: string };
    const cancelUrl = `/api/request/${requestPage.slice("/request/".length)}/cancel`;
    const formPost = (payload: string) =>
      app.inject({
        method: "POST",
        url: cancelUrl,
        // What a browser sends from a page with Referrer-Policy: no-referrer.
        headers: {
          origin: "null",
          "sec-fetch-site": "same-origin",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload,
      });
    // A reason longer than the page's field allows (only a hand-made post): a Spanish page, nothing changed.
    const long = await formPost(`reason=${"x".repeat(300)}`);
    expect(long.statusCode).toBe(400);
    const refused = cheerio.load(long.body);
    expect(refused("html").attr("lang")).toBe("es-US");
    expect(refused("h1").text()).toBe("Su solicitud no se canceló");
    expect(refused('[role="alert"]').text()).toBe(
      `Escriba el motivo en 280 caracteres como máximo. Inténtelo de nuevo o llámenos al ${site.phone.display}.`,
    );
    expect(refused("main a").first().text()).toBe("Volver a su solicitud");

    const done = await formPost("reason=Ya+me+ayud%C3%B3+un+amigo");
    expect(done.statusCode).toBe(303);
    const $ = cheerio.load((await app.inject({ method: "GET", url: requestPage })).body);
    expect($('[data-testid="request-status"]').text()).toBe("Cancelada");
    expect($("main").text()).toContain("Usted canceló esta solicitud el");
    expect($("main details")).toHaveLength(0);

    const again = await app.inject({
      method: "POST",
      url: cancelUrl,
      headers: { origin: "http://localhost:80" },
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Esta solicitud ya no se puede cancelar (estado: Cancelada). Si necesita ayuda, llámenos al ${site.phone.display}.`,
    );
  });

  it("a request page that opens nothing answers in the browser's language: the 404 page and the API's message", async () => {
    const url = `/request/${newPageToken()}`;
    const spanish = await app.inject({ method: "GET", url, headers: { "accept-language": "es-MX,es;q=0.9,en;q=0.5" } });
    expect(spanish.statusCode).toBe(404);
    expect(cheerio.load(spanish.body)("html").attr("lang")).toBe("es-US");
    expect(spanish.body).toContain(es.notFound.heading);
    const english = await app.inject({ method: "GET", url, headers: { "accept-language": "en-US,en;q=0.9,es;q=0.8" } });
    expect(cheerio.load(english.body)("html").attr("lang")).toBe("en-US");
    const api = await app.inject({
      method: "GET",
      url: `/api/request/${newPageToken()}/events`,
      headers: { "accept-language": "es-US" },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/^Este enlace no funciona: .* llámenos al \(209\) 555-0142\.$/);
    // The two shells the server fills in are no pages of their own.
    for (const shell of ["/request", "/es/request", "/request.html", "/es/request.html"]) {
      expect((await app.inject({ method: "GET", url: shell })).statusCode, shell).toBe(404);
    }
  });

  it("a missing address under /es/ gets the Spanish 404 page; elsewhere the English one", async () => {
    const spanish = await app.inject({ method: "GET", url: "/es/no-existe" });
    expect(spanish.statusCode).toBe(404);
    expect(cheerio.load(spanish.body)("html").attr("lang")).toBe("es-US");
    expect(spanish.body).toContain(es.notFound.heading);
    const english = await app.inject({ method: "GET", url: "/does-not-exist" });
    expect(cheerio.load(english.body)("html").attr("lang")).toBe("en-US");
    expect((await app.inject({ method: "GET", url: "/es/404" })).statusCode).toBe(404);
  });
});
