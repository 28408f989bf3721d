import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatReply, safeHref } from "../../src/lib/format-reply";
import { buildPageTitles } from "../../src/lib/page-titles";
import { telHrefFor } from "../../src/shared/links";
import { serviceHref, services } from "../../src/shared/services";
import { site, telHref } from "../../src/shared/site";

const html = (text: string) => renderToStaticMarkup(formatReply(text));

describe("formatReply", () => {
  it("turns web addresses into links that open in a new tab, safely", () => {
    expect(html("See https://example.com/help.")).toBe(
      'See <a href="https://example.com/help" class="font-medium underline underline-offset-2" target="_blank" rel="noopener noreferrer">https://example.com/help</a>.',
    );
  });

  it("links our own pages in the same tab", () => {
    expect(html("More: /services/jump-start — or call")).toContain(
      '<a href="/services/jump-start" class="font-medium underline underline-offset-2">/services/jump-start</a>',
    );
    expect(html("More: /services/jump-start")).not.toContain("_blank");
  });

  it("links the Spanish pages and the guides the Spanish replies point to", () => {
    expect(html("Más: /es/services/jump-start.")).toBe(
      'Más: <a href="/es/services/jump-start" class="font-medium underline underline-offset-2">/es/services/jump-start</a>.',
    );
    expect(html("Más: /es/guides/after-an-accident")).toContain('href="/es/guides/after-an-accident"');
    expect(html("More: /guides/after-an-accident")).toContain('href="/guides/after-an-accident"');
    expect(html("el formulario en /es/contact con")).toContain('href="/es/contact"');
    // Only our own sections: "/es/" before anything else, or inside a word, stays text.
    expect(html("/es/desk and a/es/contact")).not.toContain("<a");
  });

  it("makes *bold* and _italic_", () => {
    expect(html("call *now* or _later_")).toBe("call <strong>now</strong> or <em>later</em>");
  });

  it("nests italic inside bold", () => {
    expect(html("*really _very_ bold*")).toBe("<strong>really <em>very</em> bold</strong>");
  });

  it("leaves unbalanced, empty and in-word markers as they are", () => {
    expect(html("a *b and c_d_e and _f")).toBe("a *b and c_d_e and _f");
    expect(html("** and __")).toBe("** and __");
    expect(html("2*3*4")).toBe("2*3*4");
    expect(html("snake_case_name")).toBe("snake_case_name");
  });

  it("does not let markers span lines", () => {
    expect(html("*one\ntwo*")).toBe("*one\ntwo*");
  });

  it("keeps underscores inside links as part of the address", () => {
    expect(html("https://example.com/a_b_c")).toContain('href="https://example.com/a_b_c"');
    expect(html("https://example.com/a_b_c")).not.toContain("<em>");
  });
});

describe("hostile replies render as text", () => {
  it.each([
    '<script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    "<svg/onload=alert(1)>",
    '"><iframe src="https://evil.example"></iframe>',
  ])("%s", (payload) => {
    const out = html(`Hello ${payload} *bye*`);
    expect(out).not.toMatch(/<(script|img|iframe|svg)\b/i);
    expect(out).not.toMatch(/<a [^>]*href="javascript:/i);
    expect(out).not.toMatch(/<[^>]* on\w+=/i);
    expect(out).toContain("&lt;");
    expect(out).toContain("<strong>bye</strong>");
  });

  it("never links javascript:, data: or protocol-relative addresses", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<b>x</b>", "//evil.example/x", "vbscript:x"]) {
      expect(html(text)).not.toContain("<a ");
    }
    expect(safeHref("javascript:alert(1)")).toBeUndefined();
    expect(safeHref("https://ok.example/")).toBe("https://ok.example/");
  });

  it("a link cannot smuggle quotes or markup into its attributes", () => {
    const out = html('https://example.com/"onmouseover="alert(1)');
    expect(out).not.toMatch(/<[^>]* onmouseover=/);
  });
});

describe("formatReply: phone numbers and our pages' titles", () => {
  const titles = buildPageTitles([{ slug: "flat-towing-guide", title: "Flat Towing: A Guide" }]);
  const withTitles = (text: string) => renderToStaticMarkup(formatReply(text, titles));

  it.each([
    ["(209) 555-0142", "tel:+12095550142"],
    ["209-555-0142", "tel:+12095550142"],
    ["209.555.0142", "tel:+12095550142"],
    ["+1 209 555 0142", "tel:+12095550142"],
    ["1-209-555-0142", "tel:+12095550142"],
  ])("makes %s a call link", (phone, href) => {
    expect(html(`Call ${phone} now.`)).toBe(
      `Call <a href="${href}" data-placement="chat_reply" class="font-semibold whitespace-nowrap underline underline-offset-2">${phone}</a> now.`,
    );
  });

  it("names our Spanish pages by their Spanish headings", () => {
    expect(titles["/es/services/jump-start"]).toBe("Pasar corriente a la batería");
    expect(titles["/es/contact"]).toBe("Contáctenos");
    expect(titles["/services/jump-start"]).toBe("Jump Start");
  });

  it("calls the business at the same tel: link as the site's call buttons and the desk", () => {
    expect(html(`Call ${site.phone.display}.`)).toContain(`href="${telHref}"`);
    expect(telHrefFor(site.phone.display)).toBe(telHref);
  });

  it("keeps the bold around a number the reply made bold", () => {
    expect(html("Call *(209) 555-0142* now")).toBe(
      'Call <strong><a href="tel:+12095550142" data-placement="chat_reply" class="font-semibold whitespace-nowrap underline underline-offset-2">(209) 555-0142</a></strong> now',
    );
  });

  it("makes 911 a call link, in plain text and inside bold, in both languages", () => {
    const link = '<a href="tel:911" class="font-semibold whitespace-nowrap underline underline-offset-2">911</a>';
    expect(html("Call 911 now.")).toBe(`Call ${link} now.`);
    expect(html("Llame al 911 ahora.")).toBe(`Llame al ${link} ahora.`);
    expect(html("If anyone is hurt, *call 911 first*: then us.")).toBe(
      `If anyone is hurt, <strong>call ${link} first</strong>: then us.`,
    );
    // Not a 911 inside another number, an address or a word.
    for (const text of ["ref 9110", "unit 2911", "call 209-911-0142", "/blog/911-tips", "a911b", "9.911"])
      expect(html(text)).not.toContain('href="tel:911"');
  });

  it("leaves other numbers alone: years, amounts, ids, parts of longer numbers", () => {
    for (const text of ["since 2010", "up to 10,000 lbs", "request #2095550142", "ref 12-209-555-01421"]) {
      expect(html(text)).not.toContain("tel:");
    }
  });

  it("names our pages by title, from the service list and the blog", () => {
    expect(withTitles("See /services/jump-start.")).toBe(
      'See <a href="/services/jump-start" class="font-medium underline underline-offset-2">Jump Start</a>.',
    );
    expect(withTitles("Read /blog/flat-towing-guide")).toContain(">Flat Towing: A Guide</a>");
    expect(withTitles("Or /contact")).toContain(">Contact Us</a>");
    // A path with no known title still works as a link, showing the path.
    expect(withTitles("Try /services/helicopter")).toContain(">/services/helicopter</a>");
  });

  it("a title map cannot inject markup: titles are text", () => {
    const out = renderToStaticMarkup(formatReply("/about", { "/about": "<img src=x onerror=alert(1)>" }));
    expect(out).toContain("&lt;img");
    expect(out).not.toContain("<img");
  });

  it("the title map lists every service page", () => {
    for (const s of services) expect(titles[serviceHref(s.slug)]).toBe(s.name);
  });
});
