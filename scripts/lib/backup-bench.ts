import fs from "node:fs";

import { type DatabaseTarget, openDatabase } from "../../app/db/client.server";
import { prepareDatabase } from "../../app/db/database.server";
import type { ScaleSizes } from "../../app/db/seed/scale-data.server";
import { backUp } from "../../app/modules/backups/backup.server";
import { restoreBackup } from "../../app/modules/backups/restore.server";
import { freshPostgres } from "./fresh-postgres";
import { seedScaleCatalogue } from "./scale-seed";
import { tempDataDir } from "./server-process";

// `npm run bench -- --backups [--deals 100000 --clicks 1000000 …]`: a backup and a restore of a catalogue of
// that size, on the embedded database (with the embedded database opened as the server opens it, in its
// thread) and on PostgreSQL when BENCH_DATABASE_URL names a server: how long each takes, how long the
// embedded database's statements wait while its files are copied, and the file's size.

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function benchOne(name: string, source: DatabaseTarget, elsewhere: DatabaseTarget, sizes: ScaleSizes) {
  console.log(
    `\n${name}: seeding ${sizes.deals.toLocaleString("en-US")} deals, ${sizes.clicks.toLocaleString("en-US")} clicks…`,
  );
  const seeding = await prepareDatabase(source, { seedDemo: false });
  await seedScaleCatalogue(seeding, sizes);
  await seeding.close();
  const folder = tempDataDir("dealdash-bench-backups-");
  try {
    const handle = await openDatabase(source);
    let made;
    try {
      made = await backUp(handle, folder);
    } finally {
      await handle.close();
    }
    console.log(
      `  backup: ${made.rows.toLocaleString("en-US")} rows in ${made.seconds.toFixed(1)} s, ${mb(made.bytes)}` +
        (name.includes("embedded") ? `; statements waited ${made.pausedSeconds.toFixed(1)} s for the copy` : ""),
    );
    const target = await openDatabase(elsewhere);
    try {
      const restored = await restoreBackup(target, made.file);
      console.log(`  restore into an empty database, each table checked: ${restored.seconds.toFixed(1)} s`);
    } finally {
      await target.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export async function runBackupBench(sizes: ScaleSizes, postgresUrl?: string): Promise<void> {
  const dataDir = tempDataDir("dealdash-bench-source-");
  const restored = tempDataDir("dealdash-bench-restored-");
  try {
    await benchOne(
      "embedded PostgreSQL (PGlite)",
      { kind: "pglite", dataDir },
      { kind: "pglite", dataDir: restored },
      sizes,
    );
  } finally {
    for (const dir of [dataDir, restored]) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!postgresUrl) {
    console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server where this user may create databases)");
    return;
  }
  const [source, target] = [
    await freshPostgres(postgresUrl, "dealdash_bench"),
    await freshPostgres(postgresUrl, "dealdash_bench_restored"),
  ];
  try {
    await benchOne("PostgreSQL", { kind: "postgres", url: source.url }, { kind: "postgres", url: target.url }, sizes);
  } finally {
    await source.drop();
    await target.drop();
  }
}
