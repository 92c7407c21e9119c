import http from "node:http";
import type { AddressInfo } from "node:net";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { buyingGuides, deals, linkChecks } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { attentionQueue } from "#app/modules/attention/attention.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { dueLinks, newLinkSweep } from "./due-links.server";
import { recordLinkCheck } from "./link-check-record.server";
import { checkDueLinks, type LinkHealthSettings } from "./link-health.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

// Every demo link points at this local shop: /gone is a dead product, /blocked turns robots away.
let requests = 0;
const shop = http.createServer((request, response) => {
  requests++;
  const path = new URL(request.url!, "http://shop").pathname;
  response.writeHead(path.startsWith("/gone") ? 404 : path.startsWith("/blocked") ? 403 : 200).end();
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => shop.close(resolve)));

const settings = (): LinkHealthSettings => ({
  cycleMs: 86_400_000,
  retryMs: 15 * 60_000,
  perRun: 500,
  userAgent: "test",
  timeoutMs: 2_000,
  allowPrivate: true,
});
const liveDeal = async (offset: number) =>
  (
    await db()
      .select()
      .from(deals)
      .where(and(eq(deals.status, "published"), sql`${deals.amazonAsin} IS NULL`))
      .orderBy(deals.id)
      .offset(offset)
      .limit(1)
  )[0]!;
const linkRows = async () =>
  (await attentionQueue(db(), { reason: "link" })).rows.map((row) => ({
    ...row,
    ...row.reasons.find((item) => item.reason === "link")!,
  }));

beforeEach(async () => {
  await db().delete(linkChecks);
  // Send every live link to the local shop (product pages by default).
  await db().execute(sql`UPDATE deals SET affiliate_url = ${base} || '/product/' || id`);
  await db().execute(sql`UPDATE gift_ideas SET product_url = ${base} || '/product/' || id`);
  await db().execute(sql`UPDATE coupons SET affiliate_url = ${base} || '/product/' || id`);
  await db().execute(sql`UPDATE stores SET affiliate_url = ${base} || '/'`);
  // And every picture to its image shelf.
  await db().execute(sql`UPDATE deals SET image_url = ${base} || '/image/' || id`);
  await db().execute(sql`UPDATE gift_ideas SET image_url = ${base} || '/image/' || id`);
  await db().execute(sql`UPDATE stores SET logo_url = ${base} || '/image/' || id`);
  await db().execute(sql`UPDATE buying_guides SET cover_image_url = ${base} || '/image/' || id`);
});

/** An item's last check of its link (or picture). */
const checkOf = async (id: string, target: "link" | "image" = "link") =>
  (
    await db()
      .select()
      .from(linkChecks)
      .where(and(eq(linkChecks.itemId, id), eq(linkChecks.target, target)))
  )[0];

describe("link health", () => {
  it("checks every live item's link once per cycle, and again when its link changes", async () => {
    const now = new Date();
    const checked = await checkDueLinks(db(), settings(), now);
    expect(checked).toBeGreaterThan(20);
    expect(await dueLinks(db(), settings(), new Date(now.getTime() + 60_000))).toEqual([]);
    const deal = await liveDeal(0);
    await db()
      .update(deals)
      .set({ affiliateUrl: `${base}/product/new-${deal.id}` })
      .where(eq(deals.id, deal.id));
    expect((await dueLinks(db(), settings(), new Date(now.getTime() + 60_000))).map((link) => link.id)).toEqual([
      deal.id,
    ]);
    expect((await dueLinks(db(), settings(), new Date(now.getTime() + 86_400_001))).length).toBe(checked);
  });

  it("sweeps each type's items a window a run, checking every due link once a sweep, and retries a failure on time", async () => {
    const now = new Date();
    const keyOf = (link: { kind: string; id: string; target: string }) => `${link.kind}/${link.id}/${link.target}`;
    const every = (await dueLinks(db(), settings(), now, newLinkSweep())).map(keyOf).sort();
    expect(every.length).toBeGreaterThan(40);

    // Windows of 4 items a type and 6 checks a run: each type's sweep moves on past what a run checked, so
    // every due link is checked once, a few a run, however many items there are.
    const sweep = newLinkSweep(4);
    const perRun = { ...settings(), perRun: 6 };
    const runs: string[][] = [];
    const sweepOnce = async (at: Date) => {
      for (
        let due = await dueLinks(db(), perRun, at, sweep);
        due.length > 0;
        due = await dueLinks(db(), perRun, at, sweep)
      ) {
        expect(due.length).toBeLessThanOrEqual(6);
        for (const kind of new Set(due.map((link) => link.kind)))
          expect(new Set(due.filter((link) => link.kind === kind).map((link) => link.id)).size).toBeLessThanOrEqual(4);
        for (const link of due) await recordLinkCheck(db(), link, { ok: true, status: 200, finalUrl: link.url }, at);
        runs.push(due.map(keyOf));
        expect(runs.length).toBeLessThan(every.length);
      }
    };
    await sweepOnce(now);
    expect(runs.flat().sort()).toEqual(every);
    // A cycle later every link is due again: the sweeps, wherever they stood, go round once more.
    runs.length = 0;
    const later = new Date(now.getTime() + 86_400_001);
    await sweepOnce(later);
    expect(runs.flat().sort()).toEqual(every);

    // A link that failed once is retried when its time comes, wherever the sweeps stand.
    const deal = await liveDeal(0);
    const link = { kind: "deal", id: deal.id, target: "link" as const, url: deal.affiliateUrl! };
    await recordLinkCheck(
      db(),
      link,
      { ok: false, problem: "Not found (404)" },
      new Date(later.getTime() - 16 * 60_000),
    );
    expect(await dueLinks(db(), perRun, later, sweep)).toEqual([link]);
  });

  it("checks no link for a store that has none (no affiliate URL), rather than a made-up one", async () => {
    await db().execute(sql`UPDATE stores SET affiliate_url = NULL`);
    const due = await dueLinks(db(), settings());
    expect(due.length).toBeGreaterThan(0);
    expect(due.filter((link) => link.kind === "store" && link.target === "link")).toEqual([]);
    expect(due.every((link) => link.url.startsWith(base))).toBe(true);
  });

  it("puts a dead link in Needs attention after two failed checks in a row, never for a shop that turns robots away", async () => {
    const [dead, blocked] = [await liveDeal(0), await liveDeal(1)];
    await db()
      .update(deals)
      .set({ affiliateUrl: `${base}/gone/${dead.id}` })
      .where(eq(deals.id, dead.id));
    await db()
      .update(deals)
      .set({ affiliateUrl: `${base}/blocked/${blocked.id}` })
      .where(eq(deals.id, blocked.id));
    const first = new Date();
    await checkDueLinks(db(), settings(), first);
    // One failure is not enough: it may be a blip.
    expect(await linkRows()).toEqual([]);
    const once = await checkOf(dead.id);
    expect(once).toMatchObject({ failures: 1, problem: "Not found (404)", status: 404 });

    // A link that failed once is checked again after the retry time, not a whole cycle later.
    const retry = new Date(first.getTime() + 16 * 60_000);
    const before = requests;
    await checkDueLinks(db(), settings(), retry);
    expect(requests - before).toBe(1);
    const rows = await linkRows();
    expect(rows.map((row) => [row.id, row.detail, row.figure])).toEqual([[dead.id, "Not found (404)", 2]]);
    const blockedCheck = await checkOf(blocked.id);
    expect(blockedCheck).toMatchObject({ failures: 0, problem: null, status: 403 });

    // Fixed: the next check clears it.
    await db()
      .update(deals)
      .set({ affiliateUrl: `${base}/product/${dead.id}` })
      .where(eq(deals.id, dead.id));
    await checkDueLinks(db(), settings(), new Date(retry.getTime() + 60_000));
    expect(await linkRows()).toEqual([]);
  });

  it("refuses to reach a private address without the test-only setting", async () => {
    const deal = await liveDeal(0);
    await checkDueLinks(db(), { ...settings(), allowPrivate: false });
    const row = await checkOf(deal.id);
    expect(row).toMatchObject({ failures: 1, problem: "Refused: the link points to a private network address" });
  });

  it("checks pictures too: a missing one is listed under Broken images after two checks, not as a broken link", async () => {
    const deal = await liveDeal(2);
    await db()
      .update(deals)
      .set({ imageUrl: `${base}/gone/picture-${deal.id}.jpg` })
      .where(eq(deals.id, deal.id));
    // A buying guide has no click-out, but its cover is checked.
    const [guide] = await db()
      .select({ id: buyingGuides.id })
      .from(buyingGuides)
      .where(eq(buyingGuides.status, "published"))
      .limit(1);
    await db()
      .update(buyingGuides)
      .set({ coverImageUrl: `${base}/gone/cover.jpg` })
      .where(eq(buyingGuides.id, guide!.id));
    const first = new Date();
    await checkDueLinks(db(), settings(), first);
    expect(await checkOf(deal.id, "image")).toMatchObject({ failures: 1, problem: "Not found (404)" });
    await checkDueLinks(db(), settings(), new Date(first.getTime() + 16 * 60_000));
    const images = (await attentionQueue(db(), { reason: "image" })).rows;
    expect(images.map((row) => [row.id, row.reasons.map((reason) => reason.reason)]).sort()).toEqual(
      [
        [deal.id, ["image"]],
        [guide!.id, ["image"]],
      ].sort(),
    );
    expect(await linkRows()).toEqual([]);
    // An Amazon picture is Amazon's to keep right: it is never requested.
    const before = requests;
    await db()
      .update(deals)
      .set({ imageUrl: "https://m.media-amazon.com/images/I/B0IMAGE001.jpg" })
      .where(eq(deals.id, deal.id));
    await checkDueLinks(db(), settings(), new Date(first.getTime() + 17 * 60_000));
    expect(requests).toBe(before);
    expect(await checkOf(deal.id, "image")).toMatchObject({ failures: 0, problem: null });
    await db()
      .update(buyingGuides)
      .set({ coverImageUrl: `${base}/image/cover.jpg` })
      .where(eq(buyingGuides.id, guide!.id));
  });
});
