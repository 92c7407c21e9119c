import { describe, expect, it } from "vitest";

import { INVALID_CHARACTER } from "#app/lib/validation";
import { deleteContent, getForEdit } from "#app/modules/catalogue/mutations.server";

import { actor, auditTrail, contentTypeKit, firstListPage, messagesFor } from "../../../tests/support/fixtures";
import { dealSchema } from "./deal.schema";
import { dealType } from "./deal.type.server";

const { db, form, save } = contentTypeKit(dealType, { name: "Best Buy", slug: "bestbuy" });

describe("deal validation", () => {
  it("needs a positive price and http(s) links", () => {
    expect(messagesFor(dealSchema, form({ currentPrice: 0 }))).toEqual({
      currentPrice: ["Price must be greater than 0"],
    });
    expect(messagesFor(dealSchema, form({ originalPrice: -1 }))).toEqual({
      originalPrice: ["Price must be greater than 0"],
    });
    expect(messagesFor(dealSchema, form({ affiliateUrl: "javascript:alert(1)" }))).toEqual({
      affiliateUrl: ["Enter a full URL starting with http:// or https://"],
    });
    expect(messagesFor(dealSchema, form({ imageUrl: "data:image/png;base64,AAAA" }))).toHaveProperty("imageUrl");
    expect(messagesFor(dealSchema, form({ rating: 6 }))).toEqual({ rating: ["Rating must be between 0 and 5"] });
    expect(messagesFor(dealSchema, form({ amazonAsin: "short" }))).toEqual({
      amazonAsin: ["An ASIN is 10 letters and digits"],
    });
  });

  it("refuses text PostgreSQL cannot store and dates outside the calendar at the field", () => {
    expect(messagesFor(dealSchema, form({ title: "Head\u0000phones" }))).toEqual({ title: [INVALID_CHARACTER] });
    expect(messagesFor(dealSchema, form({ notes: "\u0000" }))).toEqual({ notes: [INVALID_CHARACTER] });
    for (const expiresAt of ["0000-01-01", "99999-12-31", "2026-02-30", "1899-12-31", "tomorrow"]) {
      expect(messagesFor(dealSchema, form({ expiresAt }))).toEqual({ expiresAt: ["Enter a valid date"] });
    }
    expect(messagesFor(dealSchema, form({ expiresAt: "2028-02-29" }))).toEqual({});
  });
});

describe("deals", () => {
  it("computes the discount on the server and stores an empty original price as null", async () => {
    const created = await save(undefined);
    expect(created.ok && created.row).toMatchObject({
      slug: "wireless-headphones",
      discountPercentage: 20,
      status: "draft",
      featured: false,
    });
    const id = created.ok ? created.row.id : "";
    await save(id, { originalPrice: undefined, status: "published", expiresAt: "2026-12-24" });
    const row = await getForEdit(dealType, db(), id);
    expect(row).toMatchObject({ originalPrice: null, discountPercentage: null, status: "published" });
    expect((row!.expiresAt as Date).toISOString()).toBe("2026-12-24T23:59:59.999Z");
  });

  it("lists newest first with the store name", async () => {
    await save(undefined, { title: "First" });
    const second = await save(undefined, { title: "Second" });
    expect((await firstListPage(dealType, db())).map((d) => [d.title, d.storeName])).toEqual([
      ["Second", "Best Buy"],
      ["First", "Best Buy"],
    ]);
    expect(await deleteContent(dealType, db(), actor, second.ok ? second.row.id : "")).toEqual({ ok: true });
    expect(await auditTrail(db())).toEqual(["delete deal Second", "create deal Second", "create deal First"]);
  });
});
