import type { Env } from "#app/platform/env.server";

import { type Database, type DatabaseHandle, type DatabaseTarget, openDatabase } from "./client.server";
import { appliedMigrations, knownMigrations } from "./migrations.server";
import { migrationsFolder } from "./project-root.server";
import { seedDemoContent } from "./seed/seed-demo.server";

export function targetFromEnv(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): DatabaseTarget {
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR };
}

/**
 * Opens the database, applies pending migrations, and loads the demo content when this start
 * created the schema (so deleting every demo row never brings them back on the next start).
 */
export async function prepareDatabase(target: DatabaseTarget, options: { seedDemo: boolean }): Promise<DatabaseHandle> {
  const handle = await openDatabase(target);
  try {
    const applied = await appliedMigrations(handle.db);
    await upgrade(handle, applied);
    const fresh = applied === 0;
    if (fresh && options.seedDemo) await seedDemoContent(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Applies the migrations this version has and the database has not, all in one transaction: when one
 * fails, none is applied, and the reason is said with what to do.
 */
async function upgrade(handle: DatabaseHandle, from: number): Promise<void> {
  const to = knownMigrations().length;
  try {
    await handle.migrate(migrationsFolder());
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
    throw new Error(
      `The database could not be upgraded from schema ${from} to ${to}, so it was left as it was: ${String(cause)}. ` +
        "DealDash will not start on it until this is fixed: restore a backup (npm run restore), or start the previous version.",
      { cause: error },
    );
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
