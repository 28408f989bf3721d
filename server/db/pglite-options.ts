import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** How every PGlite database of ours opens: pg_trgm backs the desk's search index (migration 0002). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };
