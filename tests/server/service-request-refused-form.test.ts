import * as cheerio from "cheerio";
import type { FastifyInstance } from "fastify";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serviceRequests } from "../../server/db/schema";
import { inlineScriptHashes, readSiteFiles } from "../../server/site-files";
import type { RefusedFormProps } from "../../src/screens/service-request/refused-form";
import { ServiceRequestForm } from "../../src/screens/service-request/ServiceRequestForm";
import { PHONE_DIGITS_MESSAGE } from "../../src/shared/service-request-schema";
import { site } from "../../src/shared/site";
import { builtDist } from "../support/content";
import { databaseTargets } from "../support/databases";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase, type TestDatabase } from "../support/test-app";

const pglite = databaseTargets[0];
if (!pglite) throw new Error("no database target");

const postForm = (app: FastifyInstance, fields: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

/**
 * Without JavaScript a refused request comes back as the form itself (the built page
 * src/pages/contact/invalid.astro, filled in by the server): no Back button, nothing to type twice.
 */
describe("a form posted without JavaScript that is refused comes back filled in", () => {
  let app: FastifyInstance;
  let db: TestDatabase;
  const storedCount = async () => (await db.db.select({ id: serviceRequests.id }).from(serviceRequests)).length;
  // Three counted sends (a stored one, a honeypot refusal, a stored one), then the 429 test's.
  appOnFreshDatabase(
    pglite,
    { serviceRequestRateLimit: { max: 3, timeWindowMs: 60_000 } },
    (ready) => ({ app, db } = ready),
    {
      site: readSiteFiles(builtDist),
    },
  );

  it("its page asked for on its own (a typed address, a reload) sends the visitor to the form, in their language", async () => {
    for (const [url, form] of [
      ["/contact/invalid", "/contact"],
      ["/es/contact/invalid", "/es/contact"],
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(form);
    }
  });

  it("every answer is back in its field, each error beside its field, and the summary links to them", async () => {
    const res = await postForm(app, {
      ...validServiceRequest,
      service: "Flat Tire",
      phone: "12",
      dropoffLocation: "",
      vehicle: "2014 Honda Civic, silver",
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    const $ = cheerio.load(res.body);
    const form = $('form[data-testid="contact-form"]');
    expect(form.attr("action")).toBe("/api/contact");
    expect(form.attr("method")).toBe("post");

    const control = (name: string) => form.find(`[name="${name}"]`);
    expect(control("name").attr("value")).toBe(validServiceRequest.name);
    expect(control("email").attr("value")).toBe(validServiceRequest.email);
    expect(control("phone").attr("value")).toBe("12");
    expect(control("pickupLocation").attr("value")).toBe(validServiceRequest.pickupLocation);
    expect(control("dropoffLocation").attr("value")).toBe("");
    expect(control("vehicle").attr("value")).toBe("2014 Honda Civic, silver");
    expect(
      control("service")
        .find("option[selected]")
        .map((_, o) => $(o).attr("value"))
        .get(),
    ).toEqual(["Flat Tire"]);
    // The trap stays empty, whatever was sent.
    expect(control("company_website").attr("value")).toBeUndefined();

    // Errors beside their fields, tied to them for screen readers; none on the fields that are right.
    for (const [name, message] of [
      ["phone", PHONE_DIGITS_MESSAGE],
      ["dropoffLocation", "Required"],
    ] as const) {
      const id = control(name).attr("id");
      expect(control(name).attr("aria-invalid")).toBe("true");
      expect(control(name).attr("aria-describedby")).toBe(`${id}-error`);
      expect($(`[id="${id}-error"]`).text()).toBe(message);
      expect(control(name).next().attr("id")).toBe(`${id}-error`);
    }
    expect(control("name").attr("aria-invalid")).toBeUndefined();

    // The summary at the top: what happened, and a link to each field in error.
    const summary = $('[role="alert"]');
    expect(summary.find("h1").text()).toBe("Your request was not sent");
    expect(summary.text()).toContain("Please fix the following and send the request again:");
    const links = summary.find('[data-testid="contact-problems"] a');
    expect(links.map((_, a) => $(a).text()).get()).toEqual([
      `Phone: ${PHONE_DIGITS_MESSAGE}`,
      "Drop-off location: Required",
    ]);
    expect(links.map((_, a) => $(a).attr("href")).get()).toEqual([
      `#${control("phone").attr("id")}`,
      `#${control("dropoffLocation").attr("id")}`,
    ]);
    // Never a dead end: the phone number is on the page.
    expect(summary.find(`a[href^="tel:"]`).text()).toContain(site.phone.display);
    expect(await storedCount()).toBe(0);
  });

  it("the form the server drew is, byte for byte, what the island draws from the props written beside it", async () => {
    const res = await postForm(app, { ...validServiceRequest, phone: "12", note: "Gate <b>4</b> & the blue car" });
    expect(res.statusCode).toBe(400);
    const props = JSON.parse(cheerio.load(res.body)("#service-request-form-data").text()) as RefusedFormProps;
    expect(props.refused?.errors.phone).toBe(PHONE_DIGITS_MESSAGE);
    // What the page's script hydrates (src/scripts/refused-form.tsx): those props and the build's fallback address.
    const island = renderToString(
      createElement(ServiceRequestForm, { ...props, fallbackUrl: "https://fallback.example/hook" }),
    );
    const root = res.body.indexOf(">", res.body.indexOf('data-slot="service-request-form"')) + 1;
    expect(res.body.slice(root, root + island.length)).toBe(island);
    expect(res.body.slice(root + island.length).startsWith("</div>")).toBe(true);
  });

  it("its inline scripts are byte for byte the built ones, so the CSP still allows the menu's", async () => {
    const res = await postForm(app, { ...validServiceRequest, phone: "12" });
    const hashes = inlineScriptHashes(res.body);
    expect(hashes.length).toBeGreaterThan(0);
    expect(String(res.headers["content-security-policy"])).toContain(hashes[0]);
    for (const hash of hashes) expect(String(res.headers["content-security-policy"])).toContain(hash);
  });

  it("what the visitor typed only ever becomes text, never markup", async () => {
    const payload = `"><script>alert(1)</script><b>Dana</b>`;
    const res = await postForm(app, { ...validServiceRequest, name: payload, email: payload, service: payload });
    expect(res.statusCode).toBe(400);
    const $ = cheerio.load(res.body);
    expect($('form [name="name"]').attr("value")).toBe(payload);
    expect($("b").length).toBe(0);
    const executable = $("script").filter((_, s) => !/json/.test($(s).attr("type") ?? ""));
    expect(executable.filter((_, s) => $(s).text().includes("alert(1)")).length).toBe(0);
    // The island's props carry it as JSON data, with no "<" that could close their element.
    const data = $("#service-request-form-data");
    expect(data.attr("type")).toBe("application/json");
    expect(res.body).not.toContain("<script>alert(1)");
    expect(JSON.parse(data.text()).refused.values.name).toBe(payload);
    const nul = cheerio.load((await postForm(app, { ...validServiceRequest, name: "A\u0000B", phone: "1" })).body);
    expect(nul('form [name="name"]').attr("value")).toBe("AB");
    // An unknown service selects nothing (the placeholder stays chosen by the browser).
    expect($('form [name="service"] option[selected]').length).toBe(0);
  });

  it("a corrected form from that page is stored", async () => {
    const res = await postForm(app, { ...validServiceRequest, company_website: "" });
    expect(res.statusCode).toBe(303);
    expect(await storedCount()).toBe(1);
  });

  it("a refusal for the filled trap brings the form back with every answer, the trap empty, and the phone number", async () => {
    const res = await postForm(app, {
      ...validServiceRequest,
      service: "Flat Tire",
      vehicle: "2014 Honda Civic, silver",
      company_website: "https://spam.example",
    });
    expect(res.statusCode).toBe(400);
    const $ = cheerio.load(res.body);
    const control = (name: string) => $(`form[data-testid="contact-form"] [name="${name}"]`);
    for (const name of ["name", "email", "phone", "pickupLocation", "dropoffLocation"] as const) {
      expect(control(name).attr("value"), name).toBe(validServiceRequest[name]);
    }
    expect(control("vehicle").attr("value")).toBe("2014 Honda Civic, silver");
    expect(control("service").find("option[selected]").attr("value")).toBe("Flat Tire");
    expect(control("company_website").attr("value")).toBeUndefined();
    const summary = $('[role="alert"]');
    expect(summary.text()).toContain("This request was not accepted.");
    expect(summary.find(`a[href^="tel:"]`).text()).toContain(site.phone.display);
    expect(await storedCount()).toBe(1);
  });

  it("too many requests also bring the form back with every answer, and the wait and the phone number", async () => {
    await postForm(app, validServiceRequest);
    const res = await postForm(app, { ...validServiceRequest, name: "Third Try" });
    expect(res.statusCode).toBe(429);
    const $ = cheerio.load(res.body);
    expect($('form [name="name"]').attr("value")).toBe("Third Try");
    expect($('[role="alert"]').text()).toMatch(/Too many service requests .* call us at /);
    expect(await storedCount()).toBe(2);
  });
});
