import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/client";
import { PGLITE_TEMPLATE_ENV } from "./databases";

/**
 * Once per `vitest run`: a migrated PGlite folder that every test file copies for its databases
 * (tests/support/databases.ts), instead of each making its own (initdb and every migration: seconds of
 * CPU each, on a machine of two cores). The workers inherit the variable naming it.
 */
export default async function makePgliteTemplate() {
  const root = mkdtempSync(path.join(tmpdir(), "towing-db-template-"));
  const dataDir = path.join(root, "data");
  const db = await openDatabase({ dataDir });
  await db.close();
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return () => rmSync(root, { recursive: true, force: true });
}
