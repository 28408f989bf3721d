import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createAssistant } from "../../server/features/chat/assistant";
import { MAX_CHAT_CHARS } from "../../src/shared/chat-schema";
import { testConfig } from "../support/config";
import { builtKnowledge } from "../support/content";
import { emptyTestSite } from "../support/test-site";

const assistant = createAssistant(builtKnowledge());
const site = emptyTestSite();
const post = (app: Awaited<ReturnType<typeof buildApp>>, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

/** A stand-in for an outside bot: a real HTTP server on loopback, recording what it was sent. */
function fakeBot(handler: (body: string, res: import("node:http").ServerResponse) => void) {
  const received: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push(body);
      handler(body, res);
    });
  });
  return {
    received,
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("POST /api/chat with the built-in assistant", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), logger: false, site, assistant });
  });
  afterAll(() => app.close());

  it("answers plain text from the site's content", async () => {
    const res = await post(app, { text: "  my battery is dead  " });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("/services/jump-start");
  });

  it("says so honestly when it cannot answer", async () => {
    const res = await post(app, { text: "purple monkey dishwasher" });
    expect(res.body).toBe(assistant.reply("purple monkey dishwasher"));
    expect(res.body).toContain("not sure");
    expect(res.body).toContain("(209) 555-0142");
  });

  it.each([
    ["empty text", { text: "" }, /empty message/],
    ["whitespace only", { text: "   \n\t " }, /empty message/],
    ["text too long", { text: "x".repeat(MAX_CHAT_CHARS + 1) }, /at most 2,000 characters/],
    ["no text field", { message: "hi" }, /\{"text"/],
    ["text not a string", { text: 42 }, /must be a string/],
    ["an array", ["hi"], /JSON object/],
    ["null", "null", /JSON object/],
  ])("rejects %s with 400 and a clear message", async (_label, payload, message) => {
    const res = await post(app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it("accepts exactly 2,000 characters", async () => {
    const res = await post(app, { text: "a".repeat(MAX_CHAT_CHARS) });
    expect(res.statusCode).toBe(200);
  });

  it("rejects broken JSON with 400 and other content types with 415", async () => {
    const broken = await post(app, '{"text": "hi"');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not valid JSON/);
    const plain = await post(app, "hi", { "content-type": "text/plain" });
    expect(plain.statusCode).toBe(415);
    const form = await post(app, "text=hi", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.statusCode).toBe(415);
  });
});

describe("POST /api/chat in Spanish", () => {
  // Its own app: these requests would use up the first block's per-client message limit.
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), logger: false, site, assistant });
  });
  afterAll(() => app.close());

  it("answers a Spanish question in Spanish, on any page, and says so in Content-Language", async () => {
    for (const payload of [
      { text: "se me ponchó la llanta en la 99" },
      { text: "se me ponchó la llanta en la 99", lang: "en" },
    ]) {
      const res = await post(app, payload);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-language"]).toBe("es");
      expect(res.body).toContain("/es/services/flat-tire");
      expect(res.body).toContain("Llame al (209) 555-0142");
      expect(res.body).not.toMatch(/\bcall\b/i);
    }
  });

  it('with "lang": "es", greets, and says it does not know, in Spanish', async () => {
    for (const text of ["hi", "hola"]) {
      const res = await post(app, { text, lang: "es" });
      expect(res.headers["content-language"]).toBe("es");
      expect(res.body).toMatch(/^¡Hola! Puedo contestar preguntas sobre grúas/);
    }
    const unknown = await post(app, { text: "purple monkey dishwasher", lang: "es" });
    expect(unknown.body).toContain("No estoy seguro");
    expect(unknown.body).toContain("/es/contact");
    // The same greeting from an English page stays English.
    const english = await post(app, { text: "hi" });
    expect(english.headers["content-language"]).toBe("en");
    expect(english.body).toMatch(/^Hi! I can answer questions/);
  });

  it("answers a clearly English message in English, even from a Spanish page", async () => {
    const res = await post(app, { text: "my battery is dead at the Walmart on Hammer Lane", lang: "es" });
    expect(res.headers["content-language"]).toBe("en");
    expect(res.body).toContain("/services/jump-start");
    expect(res.body).not.toContain("/es/");
  });

  it.each([
    ["an unknown language", { text: "hola", lang: "fr" }],
    ["a language that is not a string", { text: "hola", lang: 5 }],
    ["a null language", { text: "hola", lang: null }],
    ["a language name instead of its code", { text: "hola", lang: "Spanish" }],
  ])("rejects %s with 400 and a message that names the field and its values", async (_label, payload) => {
    const res = await post(app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The language ("lang") must be "en" or "es", or left out.');
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once a client sends too many messages", async () => {
    const app = await buildApp({
      config: testConfig({ chatRateLimit: { max: 3, timeWindowMs: 60_000 } }),
      logger: false,
      site,
      assistant,
    });
    try {
      for (let i = 0; i < 3; i++) expect((await post(app, { text: "hello" })).statusCode).toBe(200);
      const limited = await post(app, { text: "hello" });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/Too many messages/);
      // Another client is not affected.
      const other = await app.inject({
        method: "POST",
        url: "/api/chat",
        remoteAddress: "10.9.8.7",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ text: "hello" }),
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("with CHAT_WEBHOOK_URL", () => {
  it("forwards {text} to the outside bot and returns its plain-text reply", async () => {
    const bot = fakeBot((_body, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("Hello from the *outside* bot");
    });
    const url = await bot.start();
    const app = await buildApp({ config: testConfig({ chatWebhookUrl: url }), logger: false, site, assistant });
    try {
      const res = await post(app, { text: "  hi there  " });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("Hello from the *outside* bot");
      expect(bot.received.map((b) => JSON.parse(b))).toEqual([{ text: "hi there" }]);
    } finally {
      await app.close();
      await bot.stop();
    }
  });

  it("passes the page's language on to the outside bot, and nothing more when there is none", async () => {
    const bot = fakeBot((_body, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("Hola desde el bot");
    });
    const url = await bot.start();
    const app = await buildApp({ config: testConfig({ chatWebhookUrl: url }), logger: false, site, assistant });
    try {
      expect((await post(app, { text: "hola", lang: "es" })).body).toBe("Hola desde el bot");
      await post(app, { text: "hello" });
      expect(bot.received.map((b) => JSON.parse(b))).toEqual([{ text: "hola", lang: "es" }, { text: "hello" }]);
    } finally {
      await app.close();
      await bot.stop();
    }
  });

  it("when the bot fails on a Spanish page, the built-in assistant answers in Spanish", async () => {
    const bot = fakeBot((_body, res) => {
      res.writeHead(503);
      res.end("down");
    });
    const url = await bot.start();
    const app = await buildApp({ config: testConfig({ chatWebhookUrl: url }), logger: false, site, assistant });
    try {
      const res = await post(app, { text: "ok", lang: "es" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-language"]).toBe("es");
      expect(res.body).toContain("Cuénteme qué pasó");
      expect(res.body).toContain("Llame al (209) 555-0142");
      expect(bot.received.map((b) => JSON.parse(b))).toEqual([{ text: "ok", lang: "es" }]);
    } finally {
      await app.close();
      await bot.stop();
    }
  });

  it("falls back to the built-in assistant when the bot fails", async () => {
    const bot = fakeBot((_body, res) => {
      res.writeHead(500);
      res.end("boom");
    });
    const url = await bot.start();
    const app = await buildApp({ config: testConfig({ chatWebhookUrl: url }), logger: false, site, assistant });
    try {
      const res = await post(app, { text: "my battery is dead" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("/services/jump-start");
      expect(bot.received).toHaveLength(1);
    } finally {
      await app.close();
      await bot.stop();
    }
  });

  it("falls back when the bot takes longer than the timeout", async () => {
    const bot = fakeBot((_body, res) => {
      setTimeout(() => res.end("too late"), 2_000);
    });
    const url = await bot.start();
    const app = await buildApp({
      config: testConfig({ chatWebhookUrl: url, chatWebhookTimeoutMs: 300 }),
      logger: false,
      site,
      assistant,
    });
    try {
      const started = Date.now();
      const res = await post(app, { text: "are you open 24/7?" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("24/7");
      expect(res.body).not.toContain("too late");
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await app.close();
      await bot.stop();
    }
  });

  it("falls back when nothing listens at the address", async () => {
    const bot = fakeBot(() => {});
    const url = await bot.start();
    await bot.stop();
    const app = await buildApp({ config: testConfig({ chatWebhookUrl: url }), logger: false, site, assistant });
    try {
      const res = await post(app, { text: "I locked my keys in the car" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("/services/vehicle-lockouts");
    } finally {
      await app.close();
    }
  });
});
