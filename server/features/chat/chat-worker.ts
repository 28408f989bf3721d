/**
 * The built-in assistant in a worker thread (server/features/chat/worker-pool.ts): the server's own
 * knowledge and trained model, handed over once when the worker starts, then one reply a task. Its
 * ~0.2 ms of CPU a reply is spent here, so the event loop stays free for other requests, and a long
 * message cannot stall the request pages' streams.
 */
import { workerData } from "node:worker_threads";
import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { type Answer, createAssistant } from "./assistant";
import type { ChatWorkerData } from "./worker-pool";

const { knowledge, model } = workerData as ChatWorkerData;
const assistant = createAssistant(knowledge, model);

/** One message, answered exactly as the in-process assistant would (the Answer is plain data). */
export default function answer({ text, lang }: { text: string; lang?: ChatLanguage }): Answer {
  return assistant.answer(text, lang);
}
