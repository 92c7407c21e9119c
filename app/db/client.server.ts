import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The driver-independent Drizzle database: PGlite and node-postgres share this surface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction inside one. */
export type Executor = Pick<Database, "select" | "selectDistinct" | "insert" | "update" | "delete" | "execute">;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Raw connection for the migrator. */
  migrate(folder: string): Promise<void>;
  /** The embedded database's data directory as a tar (PGlite only). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  /** In memory; `snapshot` is a data directory saved by dumpPglite (tests start from a migrated one). */
  | { kind: "pglite-memory"; snapshot?: Blob }
  | { kind: "postgres"; url: string };

const drizzleOptions = { schema, casing: "snake_case" } as const;

async function openPglite(dataDir?: string, snapshot?: Blob): Promise<DatabaseHandle> {
  const lock = dataDir ? lockDataDir(dataDir) : null;
  try {
    // PostgreSQL's default 128 MB of shared buffers is most of PGlite's memory; an embedded, one-process
    // site needs far less (measured: RSS 440 → ~330 MiB for a bare instance).
    const client = await PGlite.create({
      dataDir,
      loadDataDir: snapshot,
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
    });
    const db = drizzlePglite({ client, ...drizzleOptions });
    return {
      db: db as unknown as Database,
      driver: "pglite",
      async migrate(folder) {
        const { migrate } = await import("drizzle-orm/pglite/migrator");
        await migrate(db, { migrationsFolder: folder });
      },
      dump: async () => client.dumpDataDir("none"),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzleNodePg({ client: pool, ...drizzleOptions });
  return {
    db: db as unknown as Database,
    driver: "postgres",
    async migrate(folder) {
      // Several app processes may start at once: one migrates, the others wait on the advisory lock.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock(727274)");
        const { migrate } = await import("drizzle-orm/node-postgres/migrator");
        await migrate(drizzleNodePg({ client, ...drizzleOptions }), { migrationsFolder: folder });
      } finally {
        await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  switch (target.kind) {
    case "pglite":
      return openPglite(target.dataDir);
    case "pglite-memory":
      return openPglite(undefined, target.snapshot);
    case "postgres":
      return openPostgres(target.url);
  }
}

/** Raw SQL rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Resolves when the database answers a trivial query. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
