import { describe, expect, it } from "vitest";

import { embedKinds, searchEmbeds } from "#app/modules/catalogue/embeds.server";
import { getForEdit } from "#app/modules/catalogue/mutations.server";

import { auditTrail, contentTypeKit, firstListPage, messagesFor } from "../../../tests/support/fixtures";
import { giftIdeaSchema } from "./gift-idea.schema";
import { giftIdeaType } from "./gift-idea.type.server";

const { db, form, save } = contentTypeKit(giftIdeaType);

describe("gift idea validation", () => {
  it("needs a usable slug, a rating out of 5, a count that is not negative and image URLs", () => {
    expect(messagesFor(giftIdeaSchema, form({ title: "日本" }))).toEqual({ slug: ["Slug is required"] });
    expect(messagesFor(giftIdeaSchema, form({ rating: 5.5 }))).toEqual({ rating: ["Rating must be between 0 and 5"] });
    expect(messagesFor(giftIdeaSchema, form({ totalReviews: -1 }))).toEqual({
      totalReviews: ["Total reviews cannot be negative"],
    });
    expect(messagesFor(giftIdeaSchema, form({ additionalImages: ["javascript:alert(1)"] }))).toHaveProperty(
      "additionalImages.0",
    );
  });

  it("normalises tags: trimmed, no empties, no duplicates", () => {
    expect(giftIdeaSchema.parse(form({ tags: [" Tech ", "", "tech", "Travel"] })).tags).toEqual(["Tech", "Travel"]);
  });
});

describe("gift ideas", () => {
  it("saves the spec's defaults and nulls, audited", async () => {
    const created = await save(undefined, { additionalImages: ["https://example.com/2.png"], tags: ["wool"] });
    expect(created.ok && created.row).toMatchObject({
      slug: "cozy-socks",
      status: "draft",
      featured: false,
      isAmazonProduct: false,
      showInGiftGuide: false,
      primeEligible: false,
      rating: null,
      totalReviews: 0,
      storeId: null,
      additionalImages: ["https://example.com/2.png"],
      tags: ["wool"],
    });
    expect(await auditTrail(db())).toEqual(["create gift_idea Cozy Socks"]);
  });

  it("keeps an archived gift idea archived through an edit that leaves the status alone", async () => {
    const created = await save(undefined, { status: "archived" });
    const id = created.ok ? created.row.id : "";
    await save(id, { status: "archived", title: "Cozy Wool Socks", slug: "cozy-socks" });
    expect(await getForEdit(giftIdeaType, db(), id)).toMatchObject({
      status: "archived",
      title: "Cozy Wool Socks",
      slug: "cozy-socks",
    });
  });

  it("lists newest first, and offers only published ones to the guide editor", async () => {
    await save(undefined, { title: "Draft gift" });
    await save(undefined, { title: "Live gift", status: "published" });
    expect((await firstListPage(giftIdeaType, db())).map((g) => g.title)).toEqual(["Live gift", "Draft gift"]);
    expect(embedKinds().find((kind) => kind.kind === "gift")).toEqual({
      kind: "gift",
      label: "Gift Idea",
      noun: "gift ideas",
    });
    expect((await searchEmbeds(giftIdeaType, db(), "gift")).map((chip) => chip.label)).toEqual(["Live gift"]);
  });
});
