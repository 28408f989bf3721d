import * as cheerio from "cheerio";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { contactRequests } from "../../server/db/schema";
import { readSiteFiles } from "../../server/site-files";
import { fill, ui } from "../../src/i18n/ui";
import { MIN_LOCATION_CHARS, PHONE_DIGITS_MESSAGE } from "../../src/lib/contact-schema";
import { site } from "../../src/lib/site";
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
      await db.db.select({ language: contactRequests.language }).from(contactRequests).where(eq(contactRequests.id, id))
    )[0]?.language;
  appOnFreshDatabase(pglite, {}, (ready) => ({ app, db } = ready), { site: readSiteFiles(builtDist) });

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
