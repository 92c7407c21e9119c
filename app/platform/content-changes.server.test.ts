import { describe, expect, it } from "vitest";

import { ContentChanges, type ContentChangeSource } from "./content-changes.server";

/** A database's side of the bus: changes the test announces, and a next scheduled change it sets. */
function fakeSource(nextAt: () => Date | null) {
  let announce: (() => void) | undefined;
  let lookups = 0;
  let listening = false;
  const source: ContentChangeSource = {
    async listen(onChange) {
      announce = onChange;
      listening = true;
      return async () => {
        listening = false;
      };
    },
    async nextScheduledChange() {
      lookups++;
      return nextAt();
    },
  };
  return { source, commit: () => announce?.(), lookups: () => lookups, listening: () => listening };
}

describe("the content-change bus", () => {
  it("tells every subscriber of each change the database announces, and of the start of watching", async () => {
    const bus = new ContentChanges();
    const heard: string[] = [];
    bus.subscribe(() => heard.push("page cache"));
    const stopMemo = bus.subscribe(() => heard.push("memo"));
    const db = fakeSource(() => null);
    await bus.watch(db.source);
    expect(heard).toEqual(["page cache", "memo"]);
    stopMemo();
    db.commit();
    expect(heard).toEqual(["page cache", "memo", "page cache"]);
    await bus.stop();
    expect(db.listening()).toBe(false);
  });

  it("announces the next scheduled start or end when it comes, looking it up once per burst of changes", async () => {
    const bus = new ContentChanges();
    let told = 0;
    bus.subscribe(() => told++);
    const at = Date.now() + 400;
    // One start is scheduled; once it has been looked up, nothing more is (however slow the machine).
    let looked = false;
    const db = fakeSource(() => {
      if (looked) return null;
      looked = true;
      return new Date(at);
    });
    await bus.watch(db.source);
    db.commit();
    db.commit();
    expect(await bus.nextChangeAt()).toBe(at);
    expect(db.lookups()).toBe(1);
    await expect.poll(() => told, { timeout: 5_000 }).toBe(4);
    // Nothing more is scheduled: the bus stays quiet.
    await expect.poll(() => db.lookups(), { timeout: 5_000 }).toBe(2);
    expect(await bus.nextChangeAt()).toBe(Number.POSITIVE_INFINITY);
    expect(told).toBe(4);
    await bus.stop();
  });

  it("says a change may come at any moment while the database cannot say, and asks again next time", async () => {
    const bus = new ContentChanges({ now: () => 1_000 });
    expect(await bus.nextChangeAt()).toBe(1_000);
    let failing = true;
    const db = fakeSource(() => {
      if (failing) throw new Error("database down");
      return null;
    });
    await bus.watch(db.source);
    expect(await bus.nextChangeAt()).toBe(1_000);
    failing = false;
    expect(await bus.nextChangeAt()).toBe(Number.POSITIVE_INFINITY);
    await bus.stop();
  });
});
