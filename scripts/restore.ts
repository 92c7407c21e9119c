import { parseArgs } from "node:util";

// `npm run restore -- <file> [--force]`: a backup into the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR with the server stopped), which must be empty unless --force. A backup of an
// older DealDash is brought up to date by the later migrations; one of a newer DealDash is refused.
const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- <backup file> [--force]");
  process.exit(2);
}
const [file] = positionals as [string];

const [{ DataDirLockedError }, { openDatabase }, { targetFromEnv }, restores, files, envs, counts, sealed] =
  await Promise.all([
    import("../app/db/data-dir-lock.server"),
    import("../app/db/client.server"),
    import("../app/db/database.server"),
    import("../app/modules/backups/restore.server"),
    import("../app/modules/backups/backup-file.server"),
    import("../app/platform/env.server"),
    import("../app/lib/counts"),
    import("../app/modules/backups/sealed-secrets.server"),
  ]);
const env = envs.getEnv();

try {
  // A file that cannot be restored is refused before the database is opened (a new embedded one is made then).
  const checked = await restores.checkRestorable(file);
  const handle = await openDatabase(targetFromEnv(env));
  try {
    const restored = await restores.restoreBackup(handle, file, {
      force: values.force,
      checked,
      onProgress: ({ table, rows }) =>
        process.stdout.write(`\rRestoring ${table}… ${counts.fullCountLabel(rows, "row", "rows")}\u001b[K`),
    });
    process.stdout.write("\r\u001b[K");
    const upgraded =
      restored.migrated > 0
        ? `, then upgraded it by ${counts.fullCountLabel(restored.migrated, "migration", "migrations")}`
        : "";
    console.log(
      `Restored ${counts.fullCountLabel(restored.rows, "row", "rows")} in ${restored.tables} tables, each checked against the backup ` +
        `(schema ${restored.header.schema.count} of ${restored.header.createdAt}${upgraded}), in ${restored.seconds.toFixed(1)} s.`,
    );
    // Its stored secrets need the app secret they were sealed with: say so now, not at the first failed use.
    const warning = await sealed.sealedSecretsWarning(handle.db, env);
    if (warning) console.warn(`\n${warning}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  process.stdout.write("\r\u001b[K");
  if (error instanceof DataDirLockedError) {
    console.error(
      `Stop the server first: the embedded database in ${error.dataDir} is in use by process ${error.holderPid}.`,
    );
  } else if (error instanceof restores.RestoreRefused || error instanceof files.NotABackup) {
    console.error(`Nothing was restored: ${error.message}`);
  } else {
    console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
