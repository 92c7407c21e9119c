import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { clickOnADeal, seedDemoWithActor } from "../../../tests/support/fixtures";
import { openOwnDatabase, testDatabasePerFile } from "../../../tests/support/test-database";
import { backUp } from "./backup.server";
import { databaseChecksums } from "./backup-tables.server";
import { restoreBackup } from "./restore.server";

// A growing site moves from the embedded database to a PostgreSQL server of its own, and back: a backup of
// either restores into the other, equal table by table.

const database = testDatabasePerFile(async (t) => {
  await seedDemoWithActor(t);
  await clickOnADeal(t.db);
});
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-across-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("a backup", () => {
  it("of PostgreSQL restores into the embedded database, and that one's back into PostgreSQL", async () => {
    const source = database();
    const expected = await databaseChecksums(source.db);
    const fromPostgres = await backUp(source, folder);
    expect(fromPostgres.header.source).toBe("postgres");

    const embedded = await openOwnDatabase("pglite");
    try {
      await restoreBackup(embedded.handle, fromPostgres.file);
      expect(await databaseChecksums(embedded.handle.db)).toEqual(expected);
      const fromEmbedded = await backUp(embedded.handle, folder);
      expect(fromEmbedded.header.source).toBe("pglite");

      const server = await openOwnDatabase("postgres");
      try {
        await restoreBackup(server.handle, fromEmbedded.file);
        expect(await databaseChecksums(server.handle.db)).toEqual(expected);
      } finally {
        await server.close();
      }
    } finally {
      await embedded.close();
    }
  });
});
