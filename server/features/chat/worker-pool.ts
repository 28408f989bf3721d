import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { ChatLanguage } from "../../../src/shared/chat-schema";
import type { Answer } from "./assistant";
import type { SavedModel } from "./classifier";
import type { ChatKnowledge } from "./knowledge";

const HERE = fileURLToPath(import.meta.url);
/**
 * The worker's module: from source through tsx (development; the worker inherits the server's
 * `--import tsx`), or, compiled (scripts/build-server.mjs), its own bundle beside start.js.
 */
const WORKER_FILE = path.join(path.dirname(HERE), `chat-worker${path.extname(HERE)}`);

/** What each worker is given at start: the knowledge and model the server itself loaded from the build. */
export interface ChatWorkerData {
  knowledge: ChatKnowledge;
  model?: SavedModel;
}

export interface ChatWorkerPool {
  /** The built-in assistant's reply, worked out in a worker thread; rejects if the worker fails. */
  answer(text: string, lang?: ChatLanguage): Promise<Answer>;
  /** Ends the workers once the replies under way are done (the app's onClose). */
  close(): Promise<void>;
}

/**
 * `threads` workers, all started now (each loads the assistant once, before the first message) and
 * kept for the server's life: replies are computed off the event loop, so 20 callers of /api/chat
 * no longer queue every other request (and the SSE streams) behind the assistant's CPU.
 */
export function createChatWorkerPool(
  threads: number,
  data: ChatWorkerData,
  onWorkerError: (error: unknown) => void,
): ChatWorkerPool {
  const pool = new Piscina({
    filename: WORKER_FILE,
    minThreads: threads,
    maxThreads: threads,
    // Several messages handed to a worker at once: its replies are synchronous, so they simply queue in
    // its port and it goes from one to the next, instead of waiting idle for the busy event loop to
    // dispatch each (one at a time, the round trip capped a worker at ~600 replies/s on 2 busy cores).
    concurrentTasksPerWorker: 16,
    // Never ended for being idle: a restarted worker would load the assistant again on a caller's time.
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData: data,
  });
  // An error outside any task (a worker dying at start): logged; the tasks it fails fall back in the route.
  pool.on("error", onWorkerError);
  return {
    answer: (text, lang) => pool.run({ text, lang }) as Promise<Answer>,
    close: () => pool.close(),
  };
}
