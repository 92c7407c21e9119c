import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { attentionQueue } from "#app/modules/attention/attention.server";

import { seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { backUp } from "./backup.server";
import {
  backupCron,
  backupSettingsSchema,
  DEFAULT_BACKUP_SETTINGS,
  lastBackupRun,
  listBackups,
  readBackupSettings,
  recordedBackup,
  saveBackupSettings,
} from "./backup-schedule.server";

// The daily backup as the owner sets it and the job runs it: each run recorded, the newest kept, and a
// failure in Needs attention until a backup succeeds.

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;
const owner = { id: "00000000-0000-4000-8000-000000000001", email: "admin@example.com" };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
const newFolder = () => {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-scheduled-"));
  folders.push(made);
  return made;
};

describe("scheduled backups", () => {
  it("take the owner's time, count and folder, and refuse what is not one", async () => {
    expect(await readBackupSettings(db())).toEqual(DEFAULT_BACKUP_SETTINGS);
    expect(backupCron(DEFAULT_BACKUP_SETTINGS)).toBe("0 4 * * *");
    const messages = (input: Record<string, string>) =>
      backupSettingsSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ time: "25:00", keep: "7" })).toEqual(["Enter a time of day as HH:MM (00:00 to 23:59)"]);
    expect(messages({ time: "03:30", keep: "0" })).toEqual(["Keep at least 1 backup"]);
    expect(messages({ time: "03:30", keep: "7", folder: "relative/path" })).toEqual([
      "Enter a full path (starting with /), or leave it empty",
    ]);
    const settings = backupSettingsSchema.parse({ time: "03:30", keep: "2", folder: "/srv/backups" });
    await saveBackupSettings(db(), settings, owner);
    expect(await readBackupSettings(db())).toEqual({ time: "03:30", keep: 2, folder: "/srv/backups" });
    expect(backupCron(settings)).toBe("30 3 * * *");
  });

  it("list the newest of a folder holding many, and leave out what is not a backup", () => {
    const folder = newFolder();
    const names = Array.from(
      { length: 30 },
      (_, day) => `dealdash-s0060-202611${String(day + 1).padStart(2, "0")}T040000.000Z.dealdash-backup.gz`,
    );
    for (const name of [...names, "notes.txt", "dealdash-s0060-20261201T040000.000Z.dealdash-backup.gz.partial"])
      fs.writeFileSync(path.join(folder, name), "x");
    const listed = listBackups(folder, 10);
    expect(listed.map((file) => file.name)).toEqual(names.slice(-10).reverse());
    expect(listed[0]).toMatchObject({ bytes: 1, madeAt: expect.any(Date) });
  });

  it("keep the newest, record each run, and put a failure in Needs attention until one succeeds", async () => {
    const folder = newFolder();
    const source = { db: db(), driver: database().driver };
    const run = () => recordedBackup(db(), { scheduled: true, folder, keep: 2 }, (into) => backUp(source, into));
    for (let i = 0; i < 3; i++) await run();
    expect(listBackups(folder, 10)).toHaveLength(2);
    expect(await lastBackupRun(db())).toMatchObject({ error: null, scheduled: true });

    const full = path.join(newFolder(), "not-a-folder");
    fs.writeFileSync(full, "a file where the folder should be");
    await expect(
      recordedBackup(db(), { scheduled: true, folder: full, keep: 2 }, (into) => backUp(source, into)),
    ).rejects.toThrow();
    const failed = await lastBackupRun(db());
    expect(failed!.error).toMatch(/EEXIST|ENOTDIR/);
    const { rows } = await attentionQueue(db(), { reason: "backup" });
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "backup",
        label: "The database's backup",
        href: "/admin/jobs#backups",
        reasons: [expect.objectContaining({ reason: "backup", detail: failed!.error })],
      }),
    ]);
    await run();
    expect((await attentionQueue(db(), { reason: "backup" })).rows).toEqual([]);
  });
});
