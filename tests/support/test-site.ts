import { existsSync, readFileSync } from "node:fs";
import type { SavedModel } from "../../server/features/chat/classifier";
import { emptySiteFiles, type SiteFiles } from "../../server/site-files";

/** Names the chat classifier trained once per run (tests/support/vitest-global-setup.ts). */
export const CHAT_MODEL_ENV = "TOWING_TEST_CHAT_MODEL";

let model: SavedModel | undefined;

/** The run's trained classifier, read once per test file; undefined outside Vitest's setup. */
function trainedChatModel(): SavedModel | undefined {
  const file = process.env[CHAT_MODEL_ENV];
  if (!model && file && existsSync(file)) model = JSON.parse(readFileSync(file, "utf8")) as SavedModel;
  return model;
}

/**
 * No built site, as `emptySiteFiles()`, but with the chat classifier the run trained once: without a
 * model every `buildApp` trains one itself (about a second of CPU each, and the server tests build
 * over a hundred apps). The same training on the same data packs, so the same assistant.
 */
export function emptyTestSite(root = "."): SiteFiles {
  const chatModel = trainedChatModel();
  return { ...emptySiteFiles(root), ...(chatModel ? { chatModel } : {}) };
}
