import fs from "node:fs";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// The backups section of the jobs page as the owner reads it.

const served = servedInProcessApp();
const made: string[] = [];
afterAll(() => made.forEach((file) => fs.rmSync(file, { force: true })));

describe("the backups section", () => {
  it("gives a small backup's size in the unit it fills: 52 KB, not 0.0 MB", async () => {
    // The in-process app's embedded database keeps its backups in DATA_DIR/backups.
    const folder = path.join(process.env.DATA_DIR!, "backups");
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, "dealdash-s0001-20261129T100000Z.dealdash-backup.gz");
    fs.writeFileSync(file, Buffer.alloc(52 * 1024));
    made.push(file);
    const cookie = await signInOverHttp(served().url, ADMIN);
    const page = (await (await fetch(`${served().url}/admin/jobs`, { headers: { cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toContain("dealdash-s0001-20261129T100000Z.dealdash-backup.gz");
    expect(page).toContain(", 52 KB.");
    expect(page).not.toContain("0.0 MB");
  });
});
