import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { type Executor, queryRows } from "./client.server";
import { migrationsFolder } from "./project-root.server";

// The migrations: those this version knows (drizzle/meta/_journal.json), how many a database has applied,
// and a folder of the first N, to make a database of an older schema (a backup's) before its rows go in.

interface JournalEntry {
  idx: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
}

const readJournal = (folder = migrationsFolder()): Journal =>
  JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;

/** The migrations this version of DealDash knows, in order. */
export const knownMigrations = (): string[] => readJournal().entries.map((entry) => entry.tag);

/**
 * A folder holding the first `count` migrations and a journal of them (a temporary one the caller removes),
 * for the migrator to make a database of that schema.
 */
export function migrationsUpTo(count: number): { folder: string; remove: () => void } {
  const source = migrationsFolder();
  const journal = readJournal(source);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** How many migrations a database has applied (none on a new one). */
export async function appliedMigrations(db: Executor): Promise<number> {
  const [present] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!present?.found) return 0;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}
