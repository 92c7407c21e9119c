import fs from "node:fs";
import path from "node:path";

import { desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";

import type { Executor } from "#app/db/client.server";
import { backupRuns, siteSettings } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { text } from "#app/lib/validation";
import { recordAudit } from "#app/modules/audit/audit.server";

import type { BackupMade } from "./backup.server";
import { isBackupFileName, PARTIAL_EXTENSION } from "./backup-format";

// The embedded database's daily backup: when (a time of day, UTC, like every job), how many are kept, and
// where (DATA_DIR/backups unless the owner names a folder), set by the owner in Admin → Background jobs.
// Each backup is recorded; the latest scheduled one's failure waits in Needs attention.

const KEY = "backups";
export const BACKUP_JOB = "backup";

export const backupSettingsSchema = z.object({
  time: text("Enter a time").regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time of day as HH:MM (00:00 to 23:59)"),
  keep: z.coerce
    .number({ message: "Enter a number" })
    .int("Enter a whole number")
    .min(1, "Keep at least 1 backup")
    .max(365, "Keep at most 365 backups"),
  folder: text()
    .trim()
    .max(1000)
    .nullish()
    .refine((value) => !value || path.isAbsolute(value), "Enter a full path (starting with /), or leave it empty")
    .transform((value) => value || null),
});
export type BackupSettings = z.output<typeof backupSettingsSchema>;

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { time: "04:00", keep: 7, folder: null };

export async function readBackupSettings(db: Executor): Promise<BackupSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const parsed = backupSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SETTINGS;
}

/** Saves the schedule, audited. */
export async function saveBackupSettings(db: Executor, settings: BackupSettings, actor: Actor): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
  await recordAudit(db, { action: "update", actor, entity: "site-settings", detail: { backups: settings } });
}

/** The schedule as the job queue takes it: every day at the time, UTC. */
export function backupCron(settings: Pick<BackupSettings, "time">): string {
  const [hours, minutes] = settings.time.split(":").map(Number);
  return `${minutes} ${hours} * * *`;
}

/** The folder backups go to. */
export const backupFolderOf = (settings: BackupSettings, fallback: string) => settings.folder ?? fallback;

export interface BackupFile {
  name: string;
  bytes: number;
  madeAt: Date;
}

/** The names of the backups in `folder`, newest first (by their names' times). */
function backupNames(folder: string): string[] {
  try {
    return fs.readdirSync(folder).filter(isBackupFileName).sort().reverse();
  } catch {
    return [];
  }
}

/**
 * The newest `limit` backups in `folder`, newest first. Only those are read: `npm run backup` into the
 * scheduled folder adds files the schedule does not count, so a folder may hold many. A file deleted
 * meanwhile (by a backup's pruning) is left out.
 */
export function listBackups(folder: string, limit: number): BackupFile[] {
  return backupNames(folder)
    .slice(0, limit)
    .flatMap((name) => {
      const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
      return stat ? [{ name, bytes: stat.size, madeAt: stat.mtime }] : [];
    });
}

/**
 * Deletes the backups past the newest `keep`, and what a backup cut off by a crash left (a partial file or
 * a copy of the database) over a day ago; returns how many backups went.
 */
export function pruneBackups(folder: string, keep: number, now = Date.now()): number {
  const old = backupNames(folder).slice(keep);
  for (const name of old) fs.rmSync(path.join(folder, name), { force: true });
  for (const name of fs.readdirSync(folder)) {
    if (!name.endsWith(PARTIAL_EXTENSION) && !name.startsWith(".copy-")) continue;
    const stale = now - fs.statSync(path.join(folder, name)).mtimeMs > 86_400_000;
    if (stale) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  }
  return old.length;
}

/** Backs up, recording the run (and its failure, which is rethrown), then keeps the newest `keep`. */
export async function recordedBackup(
  db: Executor,
  options: { scheduled: boolean; folder: string; keep: number },
  backUp: (folder: string) => Promise<BackupMade>,
): Promise<BackupMade & { pruned: number }> {
  const [run] = await db.insert(backupRuns).values({ scheduled: options.scheduled }).returning({ id: backupRuns.id });
  try {
    const made = await backUp(options.folder);
    await db
      .update(backupRuns)
      .set({ finishedAt: sql`now()`, file: path.basename(made.file), bytes: made.bytes })
      .where(eq(backupRuns.id, run!.id));
    return { ...made, pruned: pruneBackups(options.folder, options.keep) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(backupRuns)
      .set({ finishedAt: sql`now()`, error: message })
      .where(eq(backupRuns.id, run!.id));
    throw error;
  } finally {
    // The record of the last hundred runs is enough for anyone.
    await db
      .delete(backupRuns)
      .where(
        lt(
          backupRuns.startedAt,
          sql`(SELECT started_at FROM ${backupRuns} ORDER BY started_at DESC OFFSET 99 LIMIT 1)`,
        ),
      );
  }
}

/** The latest backup run, for the admin. */
export async function lastBackupRun(db: Executor) {
  const [run] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return run ?? null;
}
