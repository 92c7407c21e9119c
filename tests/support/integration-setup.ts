import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import type { TestProject } from "vitest/node";

import { openDatabase } from "#app/db/client.server";
import { migrationsFolder } from "#app/db/project-root.server";

import { databaseAt, onServer, testPostgresUrl } from "../../scripts/lib/fresh-postgres";
import { migratedSnapshot } from "./migrated-snapshot";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (tar) that each test file's database starts from. */
    pgliteSnapshot: string;
    /**
     * A migrated, empty PostgreSQL database each worker's database is copied from; the copies' names start
     * with its name and an underscore.
     */
    postgresTemplate: string;
  }
}

/** Migrates once per run, so test files copy a ready database instead of migrating their own. */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_DRIVER === "postgres") return setUpPostgresTemplate(project);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-snapshot-")), "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  project.provide("postgresTemplate", "");
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true, maxRetries: 10 });
}

async function setUpPostgresTemplate(project: TestProject) {
  const base = testPostgresUrl();
  const name = `dealdash_template_${randomBytes(5).toString("hex")}`;
  await onServer(base, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ kind: "postgres", url: databaseAt(base, name) });
  await handle.migrate(migrationsFolder());
  await handle.close();
  project.provide("postgresTemplate", name);
  project.provide("pgliteSnapshot", "");
  return async () => {
    // The workers' databases outlive their last file: drop them with the template.
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "SELECT datname AS name FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '_')",
        [name],
      );
      for (const { name: copy } of rows) await client.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
