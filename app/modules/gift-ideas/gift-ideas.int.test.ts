import { describe, expect, it } from "vitest";
import { actor, auditTrail, insertActor, messagesFor, validForms } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { tokenPickers } from "#app/modules/content-types/embeds.server";
import { getForEdit, saveContent } from "#app/modules/content-types/mutations.server";
import { giftIdeaSchema } from "./gift-idea.schema";
import { giftIdeaType } from "./gift-idea.type.server";
import { listGiftIdeasForAdmin } from "./gift-ideas.server";

const database = testDatabasePerFile((t) => insertActor(t.db));

const form = (overrides: Record<string, unknown> = {}) => ({ ...validForms.gift(), ...overrides });
const save = (id: string | undefined, overrides: Record<string, unknown> = {}) =>
  saveContent(giftIdeaType, database().db, actor, id, giftIdeaSchema.parse(form(overrides)));

describe("gift idea validation", () => {
  it("uses the spec's messages", () => {
    expect(messagesFor(giftIdeaSchema, {})).toMatchObject({
      title: ["Title is required"],
      description: ["Short description is required"],
      productUrl: ["Product URL is required"],
      imageUrl: ["Image URL is required"],
      price: ["Price is required"],
    });
    expect(messagesFor(giftIdeaSchema, form({ title: "日本" }))).toEqual({ slug: ["Slug is required"] });
    expect(messagesFor(giftIdeaSchema, form({ rating: 5.5 }))).toEqual({ rating: ["Rating must be between 0 and 5"] });
    expect(messagesFor(giftIdeaSchema, form({ totalReviews: -1 }))).toEqual({ totalReviews: ["Total reviews cannot be negative"] });
    expect(messagesFor(giftIdeaSchema, form({ additionalImages: ["javascript:alert(1)"] }))).toHaveProperty("additionalImages.0");
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
    expect(await auditTrail(database().db)).toEqual(["create gift_idea Cozy Socks"]);
  });

  it("keeps an archived gift idea archived through an edit that leaves the status alone", async () => {
    const created = await save(undefined, { status: "archived" });
    const id = created.ok ? created.row.id : "";
    await save(id, { status: "archived", title: "Cozy Wool Socks", slug: "cozy-socks" });
    expect(await getForEdit(giftIdeaType, database().db, id)).toMatchObject({ status: "archived", title: "Cozy Wool Socks", slug: "cozy-socks" });
  });

  it("lists newest first, and offers only published ones to the guide editor", async () => {
    await save(undefined, { title: "Draft gift" });
    await save(undefined, { title: "Live gift", status: "published" });
    expect((await listGiftIdeasForAdmin(database().db)).map((g) => g.title)).toEqual(["Live gift", "Draft gift"]);
    const picker = (await tokenPickers(database().db)).find((p) => p.kind === "gift")!;
    expect(picker).toMatchObject({ label: "Gift Idea", noun: "gift ideas" });
    expect(picker.choices.map((g) => g.title)).toEqual(["Live gift"]);
  });
});
