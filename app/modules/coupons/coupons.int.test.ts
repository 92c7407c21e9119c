import { describe, expect, it } from "vitest";
import { actor, auditTrail, insertActor, insertStore, messagesFor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { toDateInput } from "#app/lib/dates";
import { adminDiscountLabel, couponSchema } from "./coupon.schema";
import { createCoupon, deleteCoupon, getCouponForAdmin, listCouponsForAdmin, updateCoupon } from "./coupons.server";

let storeId: string;
const database = testDatabasePerFile(async (t) => {
  await insertActor(t.db);
  storeId = (await insertStore(t.db, "Target", "target")).id;
});

const form = (overrides: Record<string, unknown> = {}) => ({
  storeId,
  title: "$50 off",
  description: "On orders over $200",
  discountValue: 50,
  discountType: "fixed",
  ...overrides,
});

describe("coupon validation", () => {
  it("uses the spec's messages", () => {
    expect(messagesFor(couponSchema, {})).toMatchObject({
      title: ["Title is required"],
      description: ["Description is required"],
      storeId: ["Store is required"],
      discountValue: ["Discount value is required"],
    });
    expect(messagesFor(couponSchema, form({ discountValue: 0 }))).toEqual({ discountValue: ["Value must be greater than 0"] });
    expect(messagesFor(couponSchema, form({ discountType: "percentage", discountValue: 120 }))).toEqual({
      discountValue: ["A percentage cannot be more than 100"],
    });
    expect(messagesFor(couponSchema, form({ validFrom: "2026-12-10", validUntil: "2026-12-01" }))).toEqual({
      validUntil: ["Valid until cannot be before valid from"],
    });
  });

  it("labels discounts as the admin list shows them", () => {
    expect(adminDiscountLabel("percentage", 20)).toBe("20%");
    expect(adminDiscountLabel("fixed", 50)).toBe("$50");
    expect(adminDiscountLabel("fixed", 7.5)).toBe("$7.50");
  });
});

describe("coupons", () => {
  it("defaults to a draft, unfeatured, automatic coupon; dates are whole days", async () => {
    const created = await createCoupon(database().db, actor, couponSchema.parse(form({ validFrom: "2026-12-01", validUntil: "2026-12-31" })));
    expect(created.ok && created.row).toMatchObject({ status: "draft", featured: false, urlType: "automatic", couponCode: null, customUrl: null });
    const row = await getCouponForAdmin(database().db, created.ok ? created.row.id : "");
    expect(row!.validFrom!.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(row!.validUntil!.toISOString()).toBe("2026-12-31T23:59:59.999Z");
    expect([toDateInput(row!.validFrom), toDateInput(row!.validUntil)]).toEqual(["2026-12-01", "2026-12-31"]);
  });

  it("keeps a custom URL only for manual URLs, updates, lists and deletes with audit rows", async () => {
    const created = await createCoupon(database().db, actor, couponSchema.parse(form({ customUrl: "https://target.com/deal" })));
    const id = created.ok ? created.row.id : "";
    expect((await getCouponForAdmin(database().db, id))!.customUrl).toBeNull();
    await updateCoupon(database().db, actor, id, couponSchema.parse(form({ urlType: "manual", customUrl: "https://target.com/deal", couponCode: "SAVE50" })));
    expect(await getCouponForAdmin(database().db, id)).toMatchObject({ urlType: "manual", customUrl: "https://target.com/deal", couponCode: "SAVE50" });
    expect((await listCouponsForAdmin(database().db)).map((c) => [c.title, c.storeName])).toEqual([["$50 off", "Target"]]);
    expect(await deleteCoupon(database().db, actor, id)).toEqual({ ok: true });
    expect(await deleteCoupon(database().db, actor, id)).toEqual({ ok: false, reason: "not-found" });
    expect(await auditTrail(database().db)).toEqual(["delete coupon $50 off", "update coupon $50 off", "create coupon $50 off"]);
  });
});
