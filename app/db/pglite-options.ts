import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * How every embedded database opens: with pg_trgm, and 32 MB of shared buffers. PostgreSQL's default
 * 128 MB is most of PGlite's memory; an embedded, one-process site needs far less (measured: RSS 440 →
 * ~330 MiB for a bare instance).
 */
export const pgliteOptions = () => ({
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
});
