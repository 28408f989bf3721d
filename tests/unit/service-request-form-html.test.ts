import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serviceRequestFormLanguageProps } from "../../src/screens/service-request/form-props";
import { ServiceRequestForm } from "../../src/screens/service-request/ServiceRequestForm";
import { HONEYPOT_FIELD } from "../../src/shared/service-request-schema";
import { serviceNames } from "../../src/shared/services";

/**
 * The pre-rendered form is what a browser without JavaScript submits: it must post the right names
 * to the API and, on a service page, already have that service chosen.
 */
describe("the service request form's pre-rendered HTML", () => {
  const phone = { phoneDisplay: "(209) 555-0142", telHref: "tel:+12095550142" };
  const html = (props: Partial<Parameters<typeof ServiceRequestForm>[0]> = {}) =>
    renderToString(createElement(ServiceRequestForm, { ...phone, ...serviceRequestFormLanguageProps("en"), ...props }));
  /**
   * The <option> for a value, as an HTML parser reads it: attribute names are case-insensitive and
   * `selected`, `selected=""` (and `value`, `value=""`) are the same attribute.
   */
  const option = (value: string, label: string, selected: boolean) => {
    const v = value === "" ? '(?:="")?' : `="${value}"`;
    const attrs = selected ? `(?: value${v} selected(?:="")?| selected(?:="")? value${v})` : ` value${v}`;
    return new RegExp(`<option${attrs}>${label}</option>`, "i");
  };

  it("posts application/x-www-form-urlencoded to /api/contact with the schema's field names", () => {
    const out = html();
    const formTag = out.match(/<form[^>]*>/)?.[0] ?? "";
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain('action="/api/contact"');
    expect(formTag).not.toContain("enctype="); // the default: application/x-www-form-urlencoded
    for (const name of ["name", "email", "phone", "service", "pickupLocation", "dropoffLocation", HONEYPOT_FIELD]) {
      expect(out).toContain(`name="${name}"`);
    }
    expect(out).toMatch(/type="email"[^>]*autocomplete="email"|autocomplete="email"[^>]*type="email"/i);
  });

  it("has an optional field for the vehicle: posted as `vehicle`, labelled, not required, its limit said, never cut", () => {
    const out = html();
    const input = out.match(/<input[^>]*name="vehicle"[^>]*>/)?.[0] ?? "";
    // No maxlength: a browser would cut the text without a word (issue 48); the limit is said instead.
    expect(input).not.toMatch(/maxlength/i);
    const described = input.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(out).toMatch(new RegExp(`<span id="${described}">Up to 120 characters</span>`));
    expect(input).not.toContain("aria-required");
    expect(input).not.toMatch(/\srequired/);
    const id = input.match(/id="([^"]+)"/)?.[1];
    expect(out).toMatch(new RegExp(`<label for="${id}"[^>]*>Vehicle \\(year, make, model, color\\)</label>`));
    // The six fields of the specification stay required.
    expect(out.match(/aria-required="true"/g)).toHaveLength(6);
  });

  it("has the optional note: a labelled box posted as `note`, not required, its 1,000-character limit said", () => {
    const out = html();
    const box = out.match(/<textarea[^>]*name="note"[^>]*>/)?.[0] ?? "";
    expect(box).not.toContain("aria-required");
    expect(box).not.toMatch(/maxlength/i);
    const id = box.match(/id="([^"]+)"/)?.[1];
    expect(out).toMatch(new RegExp(`<label for="${id}"[^>]*>Anything the operator should know</label>`));
    const described = box.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(out).toMatch(new RegExp(`<span id="${described}">Up to 1,000 characters</span>`));
  });

  it("offers the ten services and chooses none by default", () => {
    const out = html();
    for (const name of serviceNames) expect(out).toMatch(option(name, name, false));
    expect(out).toMatch(option("", "Select a service", true));
  });

  it("has a service page's own service selected without any script", () => {
    const out = html({ defaultService: "Jump Start" });
    expect(out).toMatch(option("Jump Start", "Jump Start", true));
    expect(out).toMatch(option("", "Select a service", false));
  });

  it("keeps the autocomplete hints, and has no script-only button without a script", () => {
    const out = html({ defaultService: "Jump Start" });
    // HTML attribute names are case-insensitive (React writes autoComplete, Preact autocomplete).
    for (const hint of ["name", "tel", "email", "street-address"])
      expect(out).toMatch(new RegExp(`autocomplete="${hint}"`, "i"));
    // "Same as pickup" only works with JavaScript, so the pre-rendered form leaves it out.
    expect(out).not.toContain("Same as pickup");
  });
});
