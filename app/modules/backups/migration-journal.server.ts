import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { migrationsFolder } from "#app/db/project-root.server";

// The migrations' journal (drizzle/meta/_journal.json): which schema a backup holds, and a folder of the
// first N migrations, to make a database of a backup's schema before its rows go in.

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
