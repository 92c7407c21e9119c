import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * How every embedded database opens: with pg_trgm, and 32 MB of shared buffers. PostgreSQL's default
 * 128 MB is most of PGlite's memory; an embedded, one-process site needs far less (measured: RSS 440 →
 * ~330 MiB for a bare instance). A checkpoint keeps up to `max_wal_size` of write-ahead log for reuse:
 * 64 MB rather than 1 GB, as nothing but the scheduled checkpoint (checkpointEmbedded) writes it out.
 */
export const pgliteOptions = () => ({
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB", "-c", "max_wal_size=64MB"],
});
