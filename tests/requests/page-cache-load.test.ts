import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { coupons, deals } from "#app/db/schema";
import { readsOnlyPageParams } from "#app/lib/page-query";

import { servedInProcessApp } from "../support/in-process-server";
import { cachedAnswer, getAnswer } from "../support/page-cache-hit";

// The page cache under the load a hostile visitor or a busy day brings: many visitors of one page while
// it is rendered again, anonymous votes, query strings nobody's page reads, and memory counted honestly.

const served = servedInProcessApp();
const get = (path: string, headers: Record<string, string> = {}) => getAnswer(served().url + path, headers);
const cacheStates = async (path: string, visitors: number) =>
  (await Promise.all(Array.from({ length: visitors }, () => get(path)))).map((answer) => answer.headers.get("x-cache"));

describe("the page cache under load", () => {
  it("renders a changed page once for 30 visitors at once, the others served the stale copy", async () => {
    await cachedAnswer(`${served().url}/deal-dashes`);
    await served()
      .app.db.update(deals)
      .set({ title: sql`${deals.title}` })
      .where(eq(deals.status, "published"));
    const states = await cacheStates("/deal-dashes", 30);
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.every((state) => state === "miss" || state === "stale" || state === "hit")).toBe(true);
  });

  it("renders a page never seen once for 30 visitors at once, the others waiting for it", async () => {
    const states = await cacheStates("/deal-dashes?sort=price-high&page=2", 30);
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.filter((state) => state === "hit")).toHaveLength(29);
  });

  it("keeps pages as they are when a shopper votes", async () => {
    await cachedAnswer(`${served().url}/coupons`);
    const [coupon] = await served()
      .app.db.select({ id: coupons.id })
      .from(coupons)
      .where(
        and(
          eq(coupons.status, "published"),
          sql`coalesce(${coupons.validUntil}, 'infinity') > now()`,
          sql`coalesce(${coupons.validFrom}, '-infinity') <= now()`,
        ),
      )
      .limit(1);
    const vote = await fetch(`${served().url}/votes/coupon/${coupon!.id}`, {
      method: "POST",
      headers: { accept: "application/json" },
      body: new URLSearchParams({ vote: "worked" }),
    });
    expect(vote.status).toBe(200);
    expect((await get("/coupons")).headers.get("x-cache")).toBe("hit");
  });

  it("keeps no page for a query string pages do not read", async () => {
    for (const path of ["/robots.txt?k=1", "/deal-dashes?utm_source=mail", "/?fbclid=abc"]) {
      await get(path);
      expect((await get(path)).headers.get("x-cache"), path).toBeNull();
    }
    await cachedAnswer(`${served().url}/deal-dashes?store=amazon&page=1`);
  });

  it("keeps every page the site links to: its links carry only parameters pages read", async () => {
    const linked = new Set<string>();
    for (const page of [
      "/",
      "/deal-dashes",
      "/deal-dashes?page=2",
      "/coupons",
      "/stores",
      "/buying-guides",
      "/gift-ideas",
      "/search?q=tv",
    ]) {
      for (const [, href] of (await get(page)).body.matchAll(/href="(\/[^"]*\?[^"]*)"/g))
        linked.add(href!.replaceAll("&amp;", "&"));
    }
    const ours = [...linked].filter((href) => !/^\/(?:go|coupons\/[^/]+\/show|admin)\b/.test(href));
    expect(ours.length).toBeGreaterThan(10);
    for (const href of ours) expect(readsOnlyPageParams(href.slice(href.indexOf("?") + 1)), href).toBe(true);
  });

  it("holds no more memory for its pages than it counts", async () => {
    const { pageCache } = served().app.mod;
    const countedBefore = pageCache.bytes;
    const paths = Array.from({ length: 1_000 }, (_, n) => `/robots.txt?page=${n}`);
    for (let start = 0; start < paths.length; start += 50)
      await Promise.all(paths.slice(start, start + 50).map((path) => get(path)));
    // What the kept pages' buffers hold in memory, each ArrayBuffer counted once.
    const held = new Set<ArrayBufferLike>();
    for (const path of paths) {
      const kept = pageCache.get(`new ${path}`);
      expect(kept, path).toBeDefined();
      held.add(kept!.page.body.buffer).add(kept!.page.gzip.buffer);
    }
    const heldBytes = [...held].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    // Before buffers were copied to their size, each small page held a 16 KB gzip buffer: about 20 times what it counted.
    expect(heldBytes).toBeLessThan(pageCache.bytes - countedBefore);
  });
});
