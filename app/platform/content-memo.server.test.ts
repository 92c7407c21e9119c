import { describe, expect, it } from "vitest";

import type { Executor } from "#app/db/client.server";

import { forgetContentMemos, keptUntilContentChanges } from "./content-memo.server";

const db = {} as Executor;
const otherDb = {} as Executor;

describe("reads kept until content changes", () => {
  it("reads once per database and arguments, and again after a content change", async () => {
    let reads = 0;
    const options = keptUntilContentChanges(async (_db, kind: string) => `${kind} #${++reads}`);
    expect(await options(db, "deals")).toBe("deals #1");
    expect(await options(db, "deals")).toBe("deals #1");
    expect(await options(db, "coupons")).toBe("coupons #2");
    expect(await options(otherDb, "deals")).toBe("deals #3");
    forgetContentMemos();
    expect(await options(otherDb, "deals")).toBe("deals #4");
    expect(await options(otherDb, "deals")).toBe("deals #4");
  });

  it("does not keep a read that began before a change, nor one that failed", async () => {
    let reads = 0;
    let finish!: () => void;
    const options = keptUntilContentChanges(async () => {
      reads++;
      if (reads === 1) await new Promise<void>((resolve) => (finish = resolve));
      if (reads === 2) throw new Error("database went away");
      return reads;
    });
    const slow = options(db);
    forgetContentMemos();
    finish();
    expect(await slow).toBe(1);
    await expect(options(db)).rejects.toThrow("database went away");
    expect(await options(db)).toBe(3);
    expect(await options(db)).toBe(3);
  });

  it("reads again after its longest age, when given one", async () => {
    let reads = 0;
    let now = 1_000;
    const counted = keptUntilContentChanges(async () => ++reads, { maxAgeMs: 30, now: () => now });
    expect([await counted(db), await counted(db)]).toEqual([1, 1]);
    now += 29;
    expect(await counted(db)).toBe(1);
    now += 1;
    expect(await counted(db)).toBe(2);
  });
});
