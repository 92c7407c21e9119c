import { sql } from "drizzle-orm";

import type { Env } from "#app/platform/env.server";

import { type Database, type DatabaseHandle, type DatabaseTarget, openDatabase, queryRows } from "./client.server";
import { migrationsFolder } from "./project-root.server";
import { seedDemoContent } from "./seed/seed-demo.server";

export function targetFromEnv(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): DatabaseTarget {
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR };
}

async function hasAppliedMigrations(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  return Boolean(row?.present);
}

/**
 * Opens the database, applies pending migrations, and loads the demo content when this start
 * created the schema (so deleting every demo row never brings them back on the next start).
 */
export async function prepareDatabase(target: DatabaseTarget, options: { seedDemo: boolean }): Promise<DatabaseHandle> {
  const handle = await openDatabase(target);
  try {
    const fresh = !(await hasAppliedMigrations(handle.db));
    await handle.migrate(migrationsFolder());
    if (fresh && options.seedDemo) await seedDemoContent(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

// One handle per process, kept on globalThis so Vite's module reloads in development reuse it.
const holder = globalThis as typeof globalThis & { __dealdashDb?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__dealdashDb = handle;
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return holder.__dealdashDb;
}

/** The process's database; throws if the server has not opened it. */
export function db(): Database {
  const handle = holder.__dealdashDb;
  if (!handle) throw new Error("The database is not open yet");
  return handle.db;
}
