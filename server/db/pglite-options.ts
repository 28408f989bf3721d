import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const { defaultStartParams } = PGlite as unknown as { defaultStartParams: string[] };

/**
 * How every PGlite database of ours opens. pg_trgm backs the desk's search index (migration 0002).
 * PostgreSQL's default 128 MB of shared buffers is most of an idle server's memory; a towing business's
 * tables fit in far less, and the operating system's file cache holds the rest (`npm run bench:start`:
 * idle RSS on an existing folder 367 -> 270 MB with 32 MB, measured in one run).
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...defaultStartParams, "-c", "shared_buffers=32MB"],
};
