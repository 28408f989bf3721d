import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse, YAMLParseError } from "yaml";
import type { z } from "zod";

/**
 * Reads one of the assistant's data files (YAML, so that editors can write comments) and checks it
 * against its schema. A mistake stops the start with a message an editor can act on: the file, the
 * line of a YAML error, or the path of the entry that is wrong and what was expected there.
 *
 * The files are read beside this module: server/features/chat/data/ from the sources, and
 * dist-server/data/ in the compiled server (scripts/build-server.mjs copies them there).
 */
const DATA = new URL("./data/", import.meta.url);

export class DataFileError extends Error {}

export function dataPath(file: string): string {
  return fileURLToPath(new URL(file, DATA));
}

export function readDataFile<T>(file: string, schema: z.ZodType<T>): T {
  const where = dataPath(file);
  let raw: unknown;
  try {
    raw = parse(readFileSync(where, "utf8"));
  } catch (error) {
    const line = error instanceof YAMLParseError ? ` (line ${error.linePos?.[0]?.line ?? "?"})` : "";
    throw new DataFileError(`${where}${line}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `  at ${issue.path.map((p) => JSON.stringify(p)).join(" > ") || "the top"}: ${issue.message}`);
  throw new DataFileError(`${where} is not as the assistant reads it:\n${problems.join("\n")}`);
}
