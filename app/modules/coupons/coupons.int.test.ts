import { describe, expect, it } from "vitest";

import { toDateInput } from "#app/lib/dates";
import { getForEdit } from "#app/modules/catalogue/mutations.server";

import { auditTrail, contentTypeKit, firstListPage, messagesFor } from "../../../tests/support/fixtures";
import { adminDiscountLabel, couponSchema } from "./coupon.schema";
import { couponType } from "./coupon.type.server";

const { db, form, save } = contentTypeKit(couponType, { name: "Target", slug: "target" });
const read = (id: string) => getForEdit(couponType, db(), id);

describe("coupon validation", () => {
  it("bounds the discount and keeps the dates in order", () => {
    expect(messagesFor(couponSchema, form({ discountValue: 0 }))).toEqual({
      discountValue: ["Value must be greater than 0"],
    });
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
    const created = await save(undefined, { validFrom: "2026-12-01", validUntil: "2026-12-31" });
    expect(created.ok && created.row).toMatchObject({
      status: "draft",
      featured: false,
      urlType: "automatic",
      couponCode: null,
      customUrl: null,
    });
    const row = (await read(created.ok ? created.row.id : ""))!;
    expect((row.validFrom as Date).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect((row.validUntil as Date).toISOString()).toBe("2026-12-31T23:59:59.999Z");
    expect([toDateInput(row.validFrom as Date), toDateInput(row.validUntil as Date)]).toEqual([
      "2026-12-01",
      "2026-12-31",
    ]);
  });

  it("keeps a custom URL only for manual URLs, and lists with the store's name", async () => {
    const created = await save(undefined, { customUrl: "https://target.com/deal" });
    const id = created.ok ? created.row.id : "";
    expect((await read(id))!.customUrl).toBeNull();
    await save(id, { urlType: "manual", customUrl: "https://target.com/deal", couponCode: "SAVE50" });
    expect(await read(id)).toMatchObject({
      urlType: "manual",
      customUrl: "https://target.com/deal",
      couponCode: "SAVE50",
    });
    expect((await firstListPage(couponType, db())).map((c) => [c.title, c.storeName])).toEqual([["$50 off", "Target"]]);
    expect(await auditTrail(db())).toEqual(["update coupon $50 off", "create coupon $50 off"]);
  });
});
