import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { alertDeliveries, dealAlerts, deals, mailOutbox, rollUpMarks, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";

import { insertDealLike } from "../../../tests/support/fixtures";
import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { alertCriteriaSchema } from "./alert.schema";
import { mailAlerts, matchNewDeals, runDealAlerts } from "./alert-runner.server";
import { alertToManage, confirmAlert, createAlert, pauseAlertsOfAddress } from "./alerts.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;
const services = () => testContext(database());
const HOUR = 3_600_000;

beforeEach(async () => {
  await db().delete(mailOutbox);
  await db().delete(dealAlerts);
  await db().delete(rollUpMarks).where(eq(rollUpMarks.name, "deal-alerts"));
  await matchNewDeals(db()); // starts the clock: the demo catalogue is not news
});

/** An alert for `email`, confirmed through the link in its confirmation message. */
async function confirmedAlert(email: string, criteria: Record<string, unknown>) {
  await createAlert(db(), services(), email, alertCriteriaSchema.parse(criteria));
  const [message] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.purpose, "alert-confirm")));
  expect(message!.headers["List-Unsubscribe"]).toMatch(/^<http\S+\/alerts\/unsubscribe\?a=[0-9a-f-]{36}&t=\S+>$/);
  const link = new URL(message!.text.match(/http\S+\/alerts\/confirm\?\S+/)![0]);
  expect(await confirmAlert(db(), services().appSecret, link.searchParams.get("a")!, link.searchParams.get("t"))).toBe(
    true,
  );
  return link.searchParams.get("a")!;
}

/** A new live deal (a copy of a demo one) with this title and price, published `at`. */
const publishDeal = (title: string, values: Partial<typeof deals.$inferInsert> = {}) =>
  insertDealLike(db(), title, values);

const messagesTo = (email: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.purpose, "deal-alert")));

describe("deal alerts", () => {
  it("start only once confirmed, then mail a matching new deal once, with manage and unsubscribe links", async () => {
    await createAlert(db(), services(), "pending@example.com", alertCriteriaSchema.parse({ keywords: "zx9000q" }));
    const id = await confirmedAlert("fan@example.com", { keywords: "zx9000q", maxPrice: "300" });
    const deal = await publishDeal("Acme ZX-9000Q Wireless Headphones", { currentPrice: 279.99 });
    await publishDeal("Acme ZX-9000Q Wireless Headphones, refurbished", { currentPrice: 349.99 });
    await publishDeal("Bose QuietComfort Ultra", { currentPrice: 199 });

    expect(await runDealAlerts(db(), services(), { cap: 10 })).toEqual({ matched: 1, messages: 1 });
    const [message] = await messagesTo("fan@example.com");
    expect(message!.subject).toBe("Deal alert: Acme ZX-9000Q Wireless Headphones");
    expect(message!.text).toContain(`${services().env.PUBLIC_URL}/deals/${deal.slug}`);
    expect(message!.text).toContain("/alerts/manage?a=");
    expect(message!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await messagesTo("pending@example.com")).toHaveLength(0);

    // Run again, after a restart, after the deal is edited: no second message about it.
    await db()
      .update(deals)
      .set({ title: "Acme ZX-9000Q Wireless Headphones (black)", updatedAt: new Date() })
      .where(eq(deals.id, deal.id));
    expect(await runDealAlerts(db(), services(), { cap: 10 })).toEqual({ matched: 0, messages: 0 });
    expect(await messagesTo("fan@example.com")).toHaveLength(1);
    expect((await alertToManage(db(), id))?.state).toBe("active");
  });

  it("fire for a scheduled deal when it goes live, not before", async () => {
    await confirmedAlert("planner@example.com", { keywords: "espresso" });
    const publishAt = new Date(Date.now() + HOUR);
    await publishDeal("Breville Espresso Machine", { publishAt });
    expect(await runDealAlerts(db(), services(), { cap: 10, now: new Date() })).toEqual({ matched: 0, messages: 0 });
    expect(await runDealAlerts(db(), services(), { cap: 10, now: new Date(publishAt.getTime() + 1_000) })).toEqual({
      matched: 1,
      messages: 1,
    });
  });

  it("hold the store, the lowest discount and the daily cap; daily alerts wait for the daily message", async () => {
    const [bestBuy] = await db().select().from(stores).where(eq(stores.slug, "bestbuy"));
    await confirmedAlert("picky@example.com", { keywords: "laptop", store: "bestbuy", minDiscount: "20" });
    await confirmedAlert("daily@example.com", { keywords: "laptop", frequency: "daily" });
    await publishDeal("Gaming Laptop 15", { storeId: bestBuy!.id, discountPercentage: 25 });
    await publishDeal("Work Laptop 14", { storeId: bestBuy!.id, discountPercentage: 10 });
    const { matched } = await runDealAlerts(db(), services(), { cap: 10 });
    expect(matched).toBe(3);
    expect((await messagesTo("picky@example.com"))[0]!.subject).toBe("Deal alert: Gaming Laptop 15");
    expect(await messagesTo("daily@example.com")).toHaveLength(0);
    expect(await mailAlerts(db(), services(), "daily", { cap: 10 })).toBe(1);
    expect((await messagesTo("daily@example.com"))[0]!.subject).toBe("Deal alert: 2 new deals");

    // At the cap, the next deal waits: it is mailed once the day's messages allow.
    await confirmedAlert("capped@example.com", { keywords: "monitor" });
    for (let round = 0; round < 3; round++) {
      await publishDeal(`4K Monitor ${round}`);
      await runDealAlerts(db(), services(), { cap: 2 });
    }
    expect(await messagesTo("capped@example.com")).toHaveLength(2);
    const waiting = await db()
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.email, "capped@example.com")));
    expect(waiting.filter((row) => !row.mailedAt)).toHaveLength(1);
    expect(await mailAlerts(db(), services(), "instant", { cap: 2, now: new Date(Date.now() + 25 * HOUR) })).toBe(1);
  });

  it("stop for an address after its one-click unsubscribe", async () => {
    const id = await confirmedAlert("done@example.com", { keywords: "tablet" });
    await confirmedAlert("done@example.com", { keywords: "phone" });
    expect(await pauseAlertsOfAddress(db(), id)).toBe(true);
    await publishDeal("Android Tablet and Phone bundle");
    expect(await runDealAlerts(db(), services(), { cap: 10 })).toEqual({ matched: 0, messages: 0 });
  });
});
