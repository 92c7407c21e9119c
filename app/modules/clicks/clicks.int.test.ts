import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clicks, deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { findClickTarget } from "#app/modules/catalogue/click-out.server";
import { contentType } from "#app/modules/catalogue/registry.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { deleteOldClicks } from "./click-retention.server";
import { recordClickOut } from "./clicks.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DAY = 86_400_000;

describe("a counted click-out", () => {
  it("notes the item's store and category, the placement, the referring host and the device class, and nothing of the visitor", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const target = await findClickTarget(contentType("deal"), db(), deal!.id);
    const request = new Request(`http://localhost/go/deal/${deal!.id}?from=deal-dashes`, {
      headers: { "user-agent": PHONE, referer: "https://www.google.com/search?q=x", "x-forwarded-for": "203.0.113.9" },
    });
    await db().delete(clicks);
    await recordClickOut(db(), request, { kind: "deal", ...target! });
    const [row] = await db().select().from(clicks);
    expect(row).toMatchObject({
      kind: "deal",
      itemId: deal!.id,
      action: "click",
      storeId: deal!.storeId,
      categoryId: deal!.categoryId,
      placement: "deal-dashes",
      referrerHost: "www.google.com",
      device: "phone",
    });
    expect(JSON.stringify(row)).not.toContain("203.0.113.9");
    expect(JSON.stringify(row)).not.toContain("iPhone");
  });

  it("counts a coupon code shown as a reveal, and a bot's not at all", async () => {
    await db().delete(clicks);
    const coupon = { kind: "coupon", id: "00000000-0000-4000-8000-000000000001", trackClicks: true, storeId: null };
    await recordClickOut(
      db(),
      new Request("http://localhost/coupons/x/code", { headers: { "user-agent": PHONE } }),
      coupon,
      "reveal",
    );
    await recordClickOut(
      db(),
      new Request("http://localhost/coupons/x/code", {
        headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      }),
      coupon,
      "reveal",
    );
    expect((await db().select({ action: clicks.action }).from(clicks)).map((row) => row.action)).toEqual(["reveal"]);
  });
});

describe("click retention", () => {
  it("deletes raw clicks past their retention only", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    await db().delete(clicks);
    await db()
      .insert(clicks)
      .values(
        [500, 401, 399, 1].map((days) => ({
          kind: "deal",
          itemId: deal!.id,
          createdAt: new Date(Date.now() - days * DAY),
        })),
      );
    expect(await deleteOldClicks(db(), { days: 400 })).toBe(2);
    const left = await db().select({ createdAt: clicks.createdAt }).from(clicks);
    expect(
      left.map((row) => Math.round((Date.now() - new Date(row.createdAt).getTime()) / DAY)).sort((a, b) => a - b),
    ).toEqual([1, 399]);
  });
});
