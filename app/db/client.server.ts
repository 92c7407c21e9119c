import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

import { lockDataDir } from "./data-dir-lock.server";
import { pgliteOptions } from "./pglite-options";
import { PgliteWorkerClient } from "./pglite-worker-client.server";
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
  /** Copies the embedded database's files at this moment into a folder (PGlite in DATA_DIR only). */
  copyFiles?: (target: string) => Promise<void>;
  /** Resolves when the database answers (or, embedded, is busy answering); rejects when it is down. */
  ping(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (the job queue): positional `values`, or several statements
   * in one text when there are none. Resolves to the last statement's rows.
   */
  runSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Calls `onNotify` for each NOTIFY on `channel`, from any process on this database; resolves to a stop function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  /** In memory; `snapshot` is a data directory saved by dumpPglite (tests start from a migrated one). */
  | { kind: "pglite-memory"; snapshot?: Blob }
  | { kind: "postgres"; url: string };

const drizzleOptions = { schema, casing: "snake_case" } as const;

async function migratePglite(db: ReturnType<typeof drizzlePglite>, folder: string): Promise<void> {
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(db, { migrationsFolder: folder });
}

/**
 * The embedded database in DATA_DIR, in a thread of its own (ADR 0012): its queries never hold up the
 * HTTP thread, so a slow one cannot stop cached pages or health checks.
 */
async function openPgliteInWorker(dataDir: string): Promise<DatabaseHandle> {
  const lock = lockDataDir(dataDir);
  try {
    const client = await PgliteWorkerClient.open(dataDir);
    const db = drizzlePglite({ client: client as unknown as PGlite, ...drizzleOptions });
    return {
      db: db as unknown as Database,
      driver: "pglite",
      migrate: (folder) => migratePglite(db, folder),
      runSql: (text, values) => (values?.length ? client.query(text, values) : client.exec(text)),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      copyFiles: (target) => client.copyTo(target),
      ping: () => client.ping(),
      async close() {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** An in-memory embedded database in this thread (tests), optionally from a saved data directory. */
async function openPgliteInMemory(snapshot?: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({ loadDataDir: snapshot, ...pgliteOptions() });
  const db = drizzlePglite({ client, ...drizzleOptions });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: (folder) => migratePglite(db, folder),
    dump: async () => client.dumpDataDir("none"),
    runSql: async (text, values) => (values?.length ? client.query(text, values) : lastResult(await client.exec(text))),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    ping: () => selectOne(db as unknown as Database),
    close: () => client.close(),
  };
}

function openPostgres(url: string): DatabaseHandle {
  // No JIT: every query here is short, and PostgreSQL's default JIT spent 0.3 s compiling an analytics
  // query that runs in 0.1 s (its estimate crossed jit_above_cost).
  // Idle connections are kept for minutes, not node-postgres's 10 s: the job queue polls every 10 s, so with
  // the default each round of polls met closed connections and opened new backends, whose empty catalog
  // caches made planning its statements cost many times more.
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 5 * 60_000, options: "-c jit=off" });
  // A connection the server ends (a restart, an administrator, a dropped test database) while the pool is
  // closing it or a query holds it reports the error to that query, or to no one: never crash the process.
  pool.on("connect", (client) => client.on("error", () => undefined));
  // An idle connection's error is re-emitted on the pool, which throws when nobody listens: the pool has
  // already dropped that connection, and the next query opens a new one.
  pool.on("error", () => undefined);
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
    runSql: async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? lastResult(result) : result;
    },
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    ping: () => selectOne(db as unknown as Database),
    close: () => pool.end(),
  };
}

const RECONNECT_MS = 1_000;

/**
 * LISTEN needs a connection of its own, held open. When it drops (a server restart), it reconnects and
 * reports one notification, since changes made meanwhile went unheard.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    try {
      await connect();
      onNotify("");
    } catch {
      if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  switch (target.kind) {
    case "pglite":
      return openPgliteInWorker(target.dataDir);
    case "pglite-memory":
      return openPgliteInMemory(target.snapshot);
    case "postgres":
      return openPostgres(target.url);
  }
}

/** Raw SQL rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function lastResult(results: Array<{ rows: unknown[] }>): { rows: unknown[] } {
  return results.at(-1) ?? { rows: [] };
}

async function selectOne(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
