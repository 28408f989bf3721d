import { writeFileSync } from "node:fs";
import path from "node:path";
import { CHAT_MODEL_FILE, trainModel } from "../server/features/chat/classifier";

/**
 * Trains the chat assistant's intent classifier from its data packs (server/features/chat/data/{en,es}/) and
 * writes it beside chat-knowledge.json, so the server loads it at start instead of training.
 */
const out = path.join(process.argv[2] ?? "dist", CHAT_MODEL_FILE);
const started = performance.now();
writeFileSync(out, JSON.stringify(trainModel()));
console.log(`chat model: ${out} (${Math.round(performance.now() - started)} ms)`);
