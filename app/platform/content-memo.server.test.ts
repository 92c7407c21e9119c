import { describe, expect, it } from "vitest";

import type { Executor } from "#app/db/client.server";
import { COUNT_CAP } from "#app/lib/counts";

import { forgetContentMemos, keptUntilContentChanges, manyUntilContentChanges } from "./content-memo.server";

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

  it("keeps at most its bound of arguments, when given one, dropping the least recently asked", async () => {
    const reads: string[] = [];
    const widened = keptUntilContentChanges(
      async (_db, search: string) => {
        reads.push(search);
        return search.toUpperCase();
      },
      { max: 2 },
    );
    await widened(db, "a");
    await widened(db, "b");
    expect(await widened(db, "a")).toBe("A");
    await widened(db, "c");
    expect(await widened(db, "a")).toBe("A");
    expect(await widened(db, "b")).toBe("B");
    expect(reads).toEqual(["a", "b", "c", "b"]);
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

describe("searches remembered as matching many", () => {
  const many = Array.from({ length: COUNT_CAP + 1 }, (_, i) => `id-${i}`);
  /** A capped read that counts how often it ran. */
  function counted(ids: string[]) {
    const read = async () => {
      read.runs++;
      return ids;
    };
    read.runs = 0;
    return read;
  }

  it("skip the read of a search found common, per database, until content changes; a rare one is read each time", async () => {
    const common = manyUntilContentChanges(10);
    const headphones = counted(many);
    expect(await common(db, "headphones", headphones)).toEqual(many);
    expect(await common(db, "headphones", headphones)).toBe("many");
    expect(headphones.runs).toBe(1);
    expect(await common(otherDb, "headphones", headphones)).toEqual(many);
    expect(headphones.runs).toBe(2);

    const zither = counted(["id-1", "id-2"]);
    await common(db, "zither", zither);
    expect(await common(db, "zither", zither)).toEqual(["id-1", "id-2"]);
    expect(zither.runs).toBe(2);

    forgetContentMemos();
    expect(await common(db, "headphones", headphones)).toEqual(many);
    expect(headphones.runs).toBe(3);
  });

  it("keep at most their bound, dropping the least recently asked, and nothing read before a change", async () => {
    const common = manyUntilContentChanges(2);
    const reads = { a: counted(many), b: counted(many), c: counted(many) };
    await common(db, "a", reads.a);
    await common(db, "b", reads.b);
    expect(await common(db, "a", reads.a)).toBe("many");
    await common(db, "c", reads.c);
    expect(await common(db, "a", reads.a)).toBe("many");
    expect(await common(db, "b", reads.b)).toEqual(many);
    expect([reads.a.runs, reads.b.runs, reads.c.runs]).toEqual([1, 2, 1]);

    let finish!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return many;
    };
    const before = common(db, "slow", slow);
    forgetContentMemos();
    finish();
    await before;
    const again = counted(many);
    expect(await common(db, "slow", again)).toEqual(many);
    expect(again.runs).toBe(1);
  });
});
