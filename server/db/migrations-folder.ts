import { fileURLToPath } from "node:url";

/** The SQL migrations drizzle-kit generates from schema.ts; every database of ours is brought up to them. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
