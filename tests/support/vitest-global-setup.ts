import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/client";
import { trainModel } from "../../server/features/chat/classifier";
import { PGLITE_TEMPLATE_ENV } from "./databases";
import { CHAT_MODEL_ENV } from "./test-site";

/**
 * Once per `vitest run`: a migrated PGlite folder that every test file copies for its databases
 * (tests/support/databases.ts), instead of each making its own (initdb and every migration: seconds of
 * CPU each, on a machine of two cores). The workers inherit the variable naming it. Likewise the chat
 * classifier, trained once from the data packs (tests/support/test-site.ts) rather than by every app.
 */
export default async function makePgliteTemplate() {
  const root = mkdtempSync(path.join(tmpdir(), "towing-db-template-"));
  const dataDir = path.join(root, "data");
  const db = await openDatabase({ dataDir });
  await db.close();
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  const chatModel = path.join(root, "chat-model.json");
  writeFileSync(chatModel, JSON.stringify(trainModel()));
  process.env[CHAT_MODEL_ENV] = chatModel;
  return () => rmSync(root, { recursive: true, force: true });
}
