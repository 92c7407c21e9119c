import fs from "node:fs";
import path from "node:path";

import { type DatabaseHandle, type Executor, openDatabase } from "#app/db/client.server";
import type { Env } from "#app/platform/env.server";

import { exportDatabase, type ExportProgress } from "./backup-export.server";
import { writeBackupFile, type WrittenBackup } from "./backup-file.server";
import type { BackupHeader } from "./backup-format";

// A backup of the whole database into one file, while the site goes on. PostgreSQL: one REPEATABLE READ,
// READ ONLY transaction sees one moment while others write. The embedded database has one session, so a
// transaction would hold up the site for the whole export: its files are copied at one moment instead (a
// checkpoint, then a copy while its thread does nothing else, seconds at 100,000 deals), and the copy is
// opened as a database of its own and read there.

/**
 * Runs `read` over one moment of the database, as a transaction. `workDir` holds the embedded database's
 * copy while it is read (on the backup folder's disk: it is as large as the database).
 */
type Source = Pick<DatabaseHandle, "db" | "driver" | "copyFiles">;

async function atOneMoment<T>(
  handle: Source,
  workDir: string,
  read: (tx: Executor) => Promise<T>,
  paused: (ms: number) => void,
): Promise<T> {
  if (handle.driver === "postgres")
    return handle.db.transaction(read, { isolationLevel: "repeatable read", accessMode: "read only" });
  if (!handle.copyFiles) return handle.db.transaction(read);
  const copyDir = fs.mkdtempSync(path.join(workDir, ".copy-"));
  try {
    const copying = performance.now();
    await handle.copyFiles(copyDir);
    paused(performance.now() - copying);
    const copy = await openDatabase({ kind: "pglite", dataDir: copyDir });
    try {
      return await copy.db.transaction(read);
    } finally {
      await copy.close();
    }
  } finally {
    fs.rmSync(copyDir, { recursive: true, force: true, maxRetries: 10 });
  }
}

/** Where backups go unless the owner names a folder: `backups` in DATA_DIR. */
export const defaultBackupFolder = (env: Pick<Env, "DATA_DIR">) => path.join(env.DATA_DIR, "backups");

export interface BackupMade extends WrittenBackup {
  header: BackupHeader;
  rows: number;
  seconds: number;
  /** How long the embedded database's statements waited while its files were copied (0 on PostgreSQL). */
  pausedSeconds: number;
}

/** Backs the database up into a new file in `folder`. */
export async function backUp(
  handle: Source,
  folder: string,
  onProgress?: (progress: ExportProgress) => void,
): Promise<BackupMade> {
  const started = performance.now();
  fs.mkdirSync(folder, { recursive: true });
  let made: { header: BackupHeader; rows: number } | undefined;
  let pausedMs = 0;
  const written = await writeBackupFile(folder, (write) =>
    atOneMoment(
      handle,
      folder,
      async (tx) => {
        const exported = await exportDatabase(tx, handle.driver, write, onProgress);
        made = { header: exported.header, rows: exported.tables.reduce((sum, table) => sum + table.rows, 0) };
        return exported;
      },
      (ms) => (pausedMs = ms),
    ),
  );
  return { ...written, ...made!, seconds: (performance.now() - started) / 1000, pausedSeconds: pausedMs / 1000 };
}
