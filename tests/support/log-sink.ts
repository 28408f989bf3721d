import { Writable } from "node:stream";

/** A log sink whose lines (pino's JSON, parsed) the test can read: give `stream` to the app's logger. */
export function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, text: () => lines.map((l) => JSON.stringify(l)).join("\n") };
}
