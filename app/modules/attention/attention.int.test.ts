import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { attentionMarks, auditLog, clicks, coupons, deals, itemVotes, linkChecks, stores } from "#app/db/schema";
import { rollUpClicks } from "#app/modules/analytics/click-roll-up.server";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";
import { convertEarnings } from "#app/modules/earnings/currency-rates.server";
import { importEarnings } from "#app/modules/earnings/earnings-import.server";
import { castVote } from "#app/modules/votes/votes.server";
import { loader as clickOut } from "#app/routes/resources/go";

import { actor, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { ATTENTION_PAGE_SIZE, reasonText } from "./attention";
import {
  actOnAttention,
  attentionCount,
  attentionQueue,
  bulkActOnAttention,
  REPORT_THRESHOLD,
  sidebarAttentionCount,
} from "./attention.server";

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;

const liveDeals = () =>
  db()
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.status, "published"),
        sql`${deals.amazonAsin} IS NULL`,
        sql`${deals.expiresAt} IS NULL OR ${deals.expiresAt} > now()`,
      ),
    );
const reportExpired = async (id: string, voters: number) => {
  for (let i = 0; i < voters; i++)
    await castVote(db(), { kind: "deal", id, vote: "expired", ip: `198.51.100.${i + 1}`, secret: "s" });
};
/** The queue's items with shoppers' reports, each with that reason's figure. */
const queued = async () =>
  (await attentionQueue(db(), { reason: "reports" })).rows.map((row) => ({
    ...row,
    ...row.reasons.find((item) => item.reason === "reports")!,
  }));

beforeEach(async () => {
  await db().delete(itemVotes);
  await db().delete(attentionMarks);
  await db().delete(clicks);
});

describe("needs attention", () => {
  it("lists an item once shoppers' reports reach the threshold, most clicked first", async () => {
    const [quiet, busy] = await liveDeals();
    await reportExpired(quiet!.id, REPORT_THRESHOLD - 1);
    expect(await queued()).toEqual([]);
    await reportExpired(quiet!.id, REPORT_THRESHOLD);
    await reportExpired(busy!.id, REPORT_THRESHOLD);
    await db()
      .insert(clicks)
      .values(Array.from({ length: 4 }, () => ({ kind: "deal", itemId: busy!.id })));
    await rollUpClicks(db());
    const rows = await queued();
    expect(rows.map((row) => [row.id, row.clicks])).toEqual([
      [busy!.id, 4],
      [quiet!.id, 0],
    ]);
    expect(rows[0]).toMatchObject({
      label: busy!.title,
      noun: "Deal",
      href: `/admin/deals/edit/${busy!.id}`,
      figure: REPORT_THRESHOLD,
    });
    expect(await attentionCount(db())).toBeGreaterThanOrEqual(2);
  });

  it("'Expire' ends the deal for the public and is audited; 'Snooze' and 'Dismiss' hide a row, and new reports bring a dismissed one back", async () => {
    const [expired, snoozed, dismissed] = await liveDeals();
    for (const deal of [expired, snoozed, dismissed]) await reportExpired(deal!.id, REPORT_THRESHOLD);
    const act = (id: string, action: string) =>
      actOnAttention(db(), actor, { kind: "deal", id, reason: "reports", action });

    expect(await act(expired!.id, "expire")).toMatchObject({ type: "success" });
    const listed = await listPublicDeals(db(), { ids: [expired!.id], limit: 50 });
    expect(JSON.stringify(listed)).not.toContain(expired!.id);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "attention"), eq(auditLog.entityId, expired!.id)));
    expect(entry?.detail).toMatchObject({ did: "expire", reasons: ["reports"] });

    const sidebarBefore = await sidebarAttentionCount(db());
    await act(snoozed!.id, "snooze");
    // The sidebar's kept figure follows the admin's own actions at once.
    expect(await sidebarAttentionCount(db())).toBe(sidebarBefore - 1);
    await act(dismissed!.id, "dismiss");
    expect((await queued()).map((row) => row.id)).toEqual([]);
    // Reports after the dismissal count afresh (the first visitors already answered today).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reportExpired(dismissed!.id, REPORT_THRESHOLD * 2);
    expect((await queued()).map((row) => row.id)).toEqual([dismissed!.id]);
    await db().update(deals).set({ expiresAt: null }).where(eq(deals.id, expired!.id));
  });

  it("lists a featured coupon past its end, and 'Unpublish' takes it down", async () => {
    const [coupon] = await db().select().from(coupons).where(eq(coupons.status, "published")).limit(1);
    await db()
      .update(coupons)
      .set({ featured: true, validUntil: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, coupon!.id));
    const row = (await attentionQueue(db())).rows.find((candidate) => candidate.id === coupon!.id);
    expect(row).toMatchObject({ reasons: [{ reason: "ended-featured", figure: 0, detail: null }], kind: "coupon" });
    await actOnAttention(db(), actor, {
      kind: "coupon",
      id: coupon!.id,
      reason: "ended-featured",
      action: "unpublish",
    });
    const [after] = await db().select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.status).toBe("draft");
    expect((await attentionQueue(db())).rows.find((candidate) => candidate.id === coupon!.id)).toBeUndefined();
    await db()
      .update(coupons)
      .set({ status: "published", featured: coupon!.featured, validUntil: coupon!.validUntil })
      .where(eq(coupons.id, coupon!.id));
  });

  it("lists a store that earned before and nothing for 14 days while shoppers kept clicking out, until it earns again", async () => {
    const [deal] = await liveDeals();
    const [store] = await db().select().from(stores).where(eq(stores.id, deal!.storeId!));
    const day = 86_400_000;
    const clickOnDeal = async (daysAgo: number) => {
      const [click] = await db()
        .insert(clicks)
        .values({
          kind: "deal",
          itemId: deal!.id,
          storeId: deal!.storeId,
          createdAt: new Date(Date.now() - daysAgo * day),
        })
        .returning();
      return click!.id;
    };
    const sale = (id: string, subId: string, daysAgo: number, status: "approved" | "declined" = "approved") => ({
      externalId: id,
      status,
      saleAmount: null,
      commission: 9.5,
      currency: "USD",
      transactedAt: new Date(Date.now() - daysAgo * day),
      clickedAt: null,
      subId,
    });
    const imported = async (...sales: Array<ReturnType<typeof sale>>) => {
      await importEarnings(db(), "awin", sales);
      await convertEarnings(db());
    };
    const stopped = async () => {
      await rollUpClicks(db());
      return (await attentionQueue(db(), { reason: "stopped-earning" })).rows.map((row) => ({
        label: row.label,
        text: reasonText(row.kind, row.reasons[0]!),
      }));
    };
    // It earned 30 days ago; in the last 14 days 19 clicks and a declined sale: not yet enough to say.
    await imported(sale("a1", await clickOnDeal(30), 30));
    for (let i = 0; i < 19; i++) await clickOnDeal(i % 13);
    await imported(sale("a2", await clickOnDeal(20), 5, "declined"));
    expect(await stopped()).toEqual([]);
    await clickOnDeal(0);
    expect(await stopped()).toEqual([
      {
        label: store!.name,
        text: "No earnings for 14 days though shoppers clicked out 20 times: its affiliate tag may be broken, or the network stopped paying",
      },
    ]);
    // A sale today: it earns again.
    await imported(sale("a3", await clickOnDeal(0), 0));
    expect(await stopped()).toEqual([]);
  });

  it("lists a store with no affiliate URL until it has one: the site makes up no store's address", async () => {
    const noLink = async () =>
      (await attentionQueue(db(), { reason: "no-link" })).rows.map((row) => ({
        label: row.label,
        text: reasonText(row.kind, row.reasons[0]!),
      }));
    expect(await noLink()).toEqual([]);
    const [store] = await db().update(stores).set({ affiliateUrl: null }).where(eq(stores.slug, "walmart")).returning();
    expect(await noLink()).toEqual([
      {
        label: "Walmart",
        text: "No affiliate URL: no 'Visit store' button, and its coupons without a link of their own show the code alone",
      },
    ]);
    await db()
      .update(stores)
      .set({ affiliateUrl: "https://www.walmart.com/?ref=dealdash" })
      .where(eq(stores.id, store!.id));
    expect(await noLink()).toEqual([]);
  });

  it("refuses an action an item's kind does not have", async () => {
    const [deal] = await liveDeals();
    expect(
      await actOnAttention(db(), actor, { kind: "deal", id: deal!.id, reason: "reports", action: "verify" }),
    ).toMatchObject({ type: "error" });
    expect(
      await actOnAttention(db(), actor, { kind: "store", id: deal!.id, reason: "reports", action: "expire" }),
    ).toMatchObject({ type: "error" });
    expect(
      await actOnAttention(db(), actor, { kind: "deal", id: deal!.id, reason: "reports", action: "delete" }),
    ).toMatchObject({ type: "error" });
  });

  it("'Set fallback URL' sends click-outs to the fallback while the checks flag the link, and back to it once it works", async () => {
    const [deal] = await liveDeals();
    const broken = {
      kind: "deal",
      itemId: deal!.id,
      url: deal!.affiliateUrl,
      checkedAt: new Date(),
      status: 404,
      problem: "Not found (404)",
      failures: 2,
    };
    await db().insert(linkChecks).values(broken);
    const destination = async () => {
      const answer = (await clickOut({
        params: { kind: "deal", id: deal!.id },
        request: new Request(`http://localhost/go/deal/${deal!.id}`),
        context: testContext(database()),
      } as never)) as Response;
      return answer.headers.get("location");
    };
    const setFallback = (fallbackUrl: string) =>
      actOnAttention(db(), actor, { kind: "deal", id: deal!.id, reason: "link", action: "fallback", fallbackUrl });
    const linkRow = async () =>
      (await attentionQueue(db(), { reason: "link" })).rows.filter((row) => row.id === deal!.id);

    expect(await linkRow()).toHaveLength(1);
    expect(await setFallback("javascript:alert(1)")).toMatchObject({
      type: "error",
      description: "Fallback URL: Enter a full URL starting with http:// or https://",
    });
    expect(await destination()).toBe(deal!.affiliateUrl);

    expect(await setFallback("https://shop.example/search?q=headphones")).toMatchObject({ type: "success" });
    expect(await destination()).toBe("https://shop.example/search?q=headphones");
    expect(await linkRow()).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "attention"), eq(auditLog.entityId, deal!.id)));
    expect(entry?.detail).toMatchObject({ did: "fallback", fallbackUrl: "https://shop.example/search?q=headphones" });

    // The next check finds the link working again: shoppers go to it.
    await db()
      .update(linkChecks)
      .set({ failures: 0, status: 200, problem: null, checkedAt: new Date() })
      .where(eq(linkChecks.itemId, deal!.id));
    expect(await destination()).toBe(deal!.affiliateUrl);
  });

  it("shows an item once with all its reasons, filters by reason, and snoozes or dismisses many at once", async () => {
    const [both, reported, linked] = await liveDeals();
    for (const deal of [both, reported]) await reportExpired(deal!.id, REPORT_THRESHOLD);
    const broken = (id: string) => ({
      kind: "deal",
      itemId: id,
      url: "https://shop.example/x",
      checkedAt: new Date(),
      status: 404,
      problem: "Not found (404)",
      failures: 2,
    });
    await db()
      .insert(linkChecks)
      .values([broken(both!.id), broken(linked!.id)]);
    const ours = new Set([both!.id, reported!.id, linked!.id]);
    const mine = async (reason: "link" | "reports" | null = null) =>
      (await attentionQueue(db(), { reason })).rows
        .filter((row) => ours.has(row.id))
        .map((row) => [row.label, row.reasons.map((item) => item.reason)]);

    // One row per item, every reason in it; the filter keeps the items with that reason.
    expect((await mine()).sort()).toEqual(
      [
        [both!.title, ["link", "reports"]],
        [reported!.title, ["reports"]],
        [linked!.title, ["link"]],
      ].sort(),
    );
    expect((await mine("link")).map(([label]) => label).sort()).toEqual([both!.title, linked!.title].sort());
    const { counts } = await attentionQueue(db());
    expect(counts.link).toBeGreaterThanOrEqual(2);
    expect(counts.reports).toBeGreaterThanOrEqual(2);

    // Ticked items, snoozed: every reason of each, one audit row per item.
    expect(
      await bulkActOnAttention(db(), actor, {
        action: "snooze",
        items: [{ kind: "deal", id: both!.id }],
        reason: null,
      }),
    ).toMatchObject({
      type: "success",
      description: "1 item snoozed for 7 days",
    });
    expect((await mine()).map(([label]) => label).sort()).toEqual([reported!.title, linked!.title].sort());
    // Every item with a broken link, dismissed from the filtered view: the reports stay.
    expect(await bulkActOnAttention(db(), actor, { action: "dismiss", items: "all", reason: "link" })).toMatchObject({
      type: "success",
    });
    expect(await mine()).toEqual([[reported!.title, ["reports"]]]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "attention"), eq(auditLog.entityId, both!.id)));
    expect(audits.map((row) => row.detail)).toEqual([
      expect.objectContaining({ did: "snooze", bulk: true, reasons: expect.arrayContaining(["link", "reports"]) }),
    ]);
    expect(await bulkActOnAttention(db(), actor, { action: "delete", items: "all", reason: null })).toMatchObject({
      type: "error",
    });
    // More ticks than a page holds did not come from the page: refused, nothing changed.
    const tooMany = Array.from({ length: ATTENTION_PAGE_SIZE + 1 }, () => ({
      kind: "deal" as const,
      id: reported!.id,
    }));
    expect(await bulkActOnAttention(db(), actor, { action: "snooze", items: tooMany, reason: null })).toMatchObject({
      type: "error",
      description: `Tick at most ${ATTENTION_PAGE_SIZE} items, a page at a time.`,
    });
    expect(await mine()).toEqual([[reported!.title, ["reports"]]]);
  });
});
