import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { cachedPage, PageCache } from "./page-cache";

const html = (text: string) =>
  cachedPage(200, new Headers({ "content-type": "text/html; charset=utf-8" }), Buffer.from(text));

/** A cache on a clock of the test's, whose next scheduled change (as the content-change bus tells it) is `changeAt`. */
function cacheAt(clock: { now: number }, options: { maxBytes?: number; changeAt?: Date | null } = {}) {
  const cache = new PageCache({
    maxBytes: options.maxBytes ?? 1024 * 1024,
    now: () => clock.now,
    nextChangeAt: async () => options.changeAt?.getTime() ?? Number.POSITIVE_INFINITY,
  });
  return { cache };
}

describe("page cache", () => {
  it("keeps a page with its gzip and a validator; after a change it is stale", async () => {
    const { cache } = cacheAt({ now: 0 });
    await cache.set("/a", html("<p>a</p>"), cache.generation);
    const { page, fresh } = cache.get("/a")!;
    expect(fresh).toBe(true);
    expect(gunzipSync(page.gzip).toString()).toBe("<p>a</p>");
    expect(page.etag).toMatch(/^W\/"[\w-]+"$/);
    cache.invalidate();
    // Kept to stand in while it is rendered again, but no longer fresh.
    expect(cache.get("/a")).toMatchObject({ fresh: false });
    await cache.set("/a", html("<p>a2</p>"), cache.generation);
    expect(gunzipSync(cache.get("/a")!.page.gzip).toString()).toBe("<p>a2</p>");
    cache.forget("/a");
    expect(cache.get("/a")).toBeUndefined();
  });

  it("drops every page on clear, stale ones too, and keeps no render that began before", async () => {
    const { cache } = cacheAt({ now: 0 });
    await cache.set("/a", html("<p>a</p>"), cache.generation);
    cache.invalidate();
    const renderBegan = cache.generation;
    cache.clear();
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.bytes).toBe(0);
    await cache.set("/b", html("<p>b</p>"), renderBegan);
    expect(cache.get("/b")).toBeUndefined();
  });

  it("does not keep a page when it cannot learn when content next changes (the database is closing)", async () => {
    const cache = new PageCache({
      maxBytes: 1_000_000,
      nextChangeAt: () => Promise.reject(new Error("The embedded database stopped")),
    });
    await expect(cache.set("/a", html("<p>a</p>"), cache.generation)).resolves.toBeUndefined();
    expect(cache.get("/a")).toBeUndefined();
  });

  it("does not keep a page whose render began before content changed", async () => {
    const { cache } = cacheAt({ now: 0 });
    const started = cache.generation;
    cache.invalidate();
    await cache.set("/a", html("<p>stale</p>"), started);
    expect(cache.get("/a")).toBeUndefined();
  });

  it("keeps pages until the next scheduled change (an expiry), and none once it is due", async () => {
    const clock = { now: 1_000 };
    const { cache } = cacheAt(clock, { changeAt: new Date(5_000) });
    await cache.set("/a", html("a"), cache.generation);
    clock.now = 4_999;
    expect(cache.get("/a")?.fresh).toBe(true);
    clock.now = 5_000;
    expect(cache.get("/a")?.fresh).toBe(false);
    // Rendered again while the bus has not announced the change yet: not kept.
    await cache.set("/a", html("a2"), cache.generation);
    expect(cache.get("/a")?.fresh).toBe(false);
  });

  it("keeps pages five minutes at most", async () => {
    const clock = { now: 0 };
    const { cache } = cacheAt(clock);
    await cache.set("/a", html("a"), cache.generation);
    clock.now = 5 * 60_000 - 1;
    expect(cache.get("/a")?.fresh).toBe(true);
    clock.now = 5 * 60_000;
    expect(cache.get("/a")?.fresh).toBe(false);
    // Five minutes more and it is too old even to stand in.
    clock.now = 10 * 60_000;
    expect(cache.get("/a")).toBeUndefined();
  });

  it("drops the least recently used pages beyond its memory", async () => {
    const big = (name: string) => html(name + "x".repeat(2_000));
    const { cache: probe } = cacheAt({ now: 0 });
    await probe.set("/1", big("/1"), probe.generation);
    const { cache } = cacheAt({ now: 0 }, { maxBytes: 3 * probe.bytes });
    for (const key of ["/1", "/2", "/3"]) await cache.set(key, big(key), cache.generation);
    cache.get("/1");
    await cache.set("/4", big("/4"), cache.generation);
    expect(cache.get("/2")).toBeUndefined();
    expect(cache.get("/1")).toBeDefined();
    expect(cache.get("/4")).toBeDefined();
  });

  it("counts what an entry holds: buffers of their exact size, its key and headers", async () => {
    const { cache } = cacheAt({ now: 0 }, { maxBytes: 64 * 1024 });
    const page = html("<p>small</p>");
    // Body and gzip share one ArrayBuffer of exactly their size (gzip's own is 16 KB, the pool's slabs 8 KB).
    expect(page.gzip.buffer).toBe(page.body.buffer);
    expect(page.body.buffer.byteLength).toBe(page.body.length + page.gzip.length);
    const longKey = `/robots.txt?page=${"9".repeat(8_000)}`;
    await cache.set(longKey, page, cache.generation);
    expect(cache.bytes).toBeGreaterThan(2 * longKey.length);
    for (let n = 0; n < 1_000; n++) await cache.set(`/robots.txt?page=${n}`, page, cache.generation);
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.size).toBeLessThan(64);
  });

  it("keeps nothing when given no memory", async () => {
    const { cache } = cacheAt({ now: 0 }, { maxBytes: 0 });
    await cache.set("/a", html("a"), cache.generation);
    expect(cache.size).toBe(0);
  });
});
