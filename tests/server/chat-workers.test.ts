import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { readChatModel } from "../../server/site-files";
import type { ChatLanguage } from "../../src/shared/chat-schema";
import { builtKnowledge } from "../support/content";
import { freePort, startServer, stopServer, waitHealthy, writeMinimalSite } from "../support/server-process";

/**
 * The built server (dist-server/start.js, `npm run build`) answers chat in a worker thread
 * (CHAT_WORKERS, dist-server/chat-worker.js): its replies must be the in-process assistant's, word for
 * word, and come from the worker, not from the route's in-process fallback (which logs that the worker
 * failed). A worker bundle that is missing, or loads other knowledge or another model, fails here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "towing-chat-workers-"));
const site = writeMinimalSite(path.join(work, "site"), builtKnowledge());
const inProcess = createAssistant(builtKnowledge(), readChatModel(site));

afterAll(() => rmSync(work, { recursive: true, force: true }));

const messages: [string, ChatLanguage | undefined][] = [
  ["How much does a tow cost?", "en"],
  ["do you tow motorcycles to Lodi", undefined],
  ["¿Cuánto cuesta una grúa?", "es"],
  ["Mi carro no arranca en Manteca", undefined],
  ["We crashed on the freeway and my friend is bleeding", "en"],
  ["Chocamos y mi hijo está herido, no respira bien", "es"],
];

/** The built server's reply and its language, for one message. */
async function ask(url: string, text: string, lang: ChatLanguage | undefined) {
  const res = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lang ? { text, lang } : { text }),
  });
  expect(res.status).toBe(200);
  return { text: await res.text(), lang: res.headers.get("content-language") };
}

// One test: the server ends with the test that started it (tests/support/processes.ts).
describe("POST /api/chat answered by the built server's chat worker", () => {
  it("English, Spanish and danger (911 first): the in-process assistant's replies, from the worker", async () => {
    expect(existsSync(path.join(root, "dist-server", "chat-worker.js")), "run `npm run build` first").toBe(true);
    const server = startServer(
      await freePort(),
      {
        DIST_DIR: site,
        DATA_DIR: path.join(work, "data"),
        CHAT_WORKERS: "1",
        CHAT_WEBHOOK_URL: "",
        CHAT_RATE_LIMIT_MAX: "1000",
      },
      { built: true },
    );
    try {
      await waitHealthy(server);
      for (const [text, lang] of messages) {
        const expected = inProcess.answer(text, lang);
        expect(await ask(server.url, text, lang), text).toEqual({ text: expected.text, lang: expected.lang });
      }
      for (const [text, lang] of messages.slice(-2)) {
        expect(inProcess.answer(text, lang).text.slice(0, 200)).toContain("911");
      }
      // Every reply came from the worker: the route's in-process fallback logs each failure.
      expect(server.stdout() + server.stderr()).not.toContain("chat worker failed");
    } finally {
      await stopServer(server);
    }
  }, 180_000);
});
