import { describe, expect, it } from "vitest";
import { actor, auditTrail, insertActor, messagesFor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { buyingGuideSchema } from "./buying-guide.schema";
import { createGuide, deleteGuide, findPublicGuideBySlug, getGuideForAdmin, listGuidesForAdmin, updateGuide } from "./buying-guides.server";

const database = testDatabasePerFile((t) => insertActor(t.db));

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Best Headphones",
  coverImageUrl: "https://example.com/cover.png",
  content: "<h2>Intro</h2><p>Pick wisely.</p>",
  ...overrides,
});

describe("buying guide validation", () => {
  it("uses the spec's messages", () => {
    expect(messagesFor(buyingGuideSchema, {})).toMatchObject({
      title: ["Title is required"],
      coverImageUrl: ["Cover image is required"],
      content: ["Content is required"],
    });
    expect(messagesFor(buyingGuideSchema, form({ content: "<p></p>" }))).toEqual({ content: ["Content is required"] });
    expect(messagesFor(buyingGuideSchema, form({ readTime: 0 }))).toEqual({ readTime: ["Read time must be at least 1 minute"] });
    expect(messagesFor(buyingGuideSchema, form({ title: "!!!" }))).toEqual({ slug: ["Slug is required"] });
  });

  it("splits comma-separated tags, trimmed, without empties", () => {
    expect(buyingGuideSchema.parse(form({ tags: " audio, , travel ,audio," })).tags).toEqual(["audio", "travel"]);
  });
});

describe("buying guides", () => {
  it("sanitises content on save and keeps tokens", async () => {
    const created = await createGuide(
      database().db,
      actor,
      buyingGuideSchema.parse(form({ content: '<p onclick="x()">Hi <script>alert(1)</script>[deal:abc]</p><img src=x onerror=alert(1)>' })),
    );
    expect(created.ok && created.row.content).toBe("<p>Hi [deal:abc]</p>");
    expect(created.ok && created.row).toMatchObject({ slug: "best-headphones", status: "draft", readTime: null, tags: [] });
  });

  it("refuses content that is empty once sanitised", async () => {
    expect(await createGuide(database().db, actor, buyingGuideSchema.parse(form({ content: "<script>alert(1)</script>" })))).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { content: ["Content is required"] },
    });
  });

  it("keeps an archived guide archived, hides non-published guides from the public, and audits", async () => {
    const created = await createGuide(database().db, actor, buyingGuideSchema.parse(form({ status: "published" })));
    const id = created.ok ? created.row.id : "";
    expect(await findPublicGuideBySlug(database().db, "best-headphones")).not.toBeNull();
    await updateGuide(database().db, actor, id, buyingGuideSchema.parse(form({ status: "archived" })));
    await updateGuide(database().db, actor, id, buyingGuideSchema.parse(form({ status: "archived", readTime: 7 })));
    expect(await getGuideForAdmin(database().db, id)).toMatchObject({ status: "archived", readTime: 7 });
    expect(await findPublicGuideBySlug(database().db, "best-headphones")).toBeNull();
    expect(await createGuide(database().db, actor, buyingGuideSchema.parse(form()))).toMatchObject({ fieldErrors: { slug: ["Slug already in use"] } });
    expect((await listGuidesForAdmin(database().db)).map((g) => g.title)).toEqual(["Best Headphones"]);
    expect(await deleteGuide(database().db, actor, id)).toEqual({ ok: true });
    expect(await auditTrail(database().db)).toEqual([
      "delete buying_guide Best Headphones",
      "update buying_guide Best Headphones",
      "update buying_guide Best Headphones",
      "create buying_guide Best Headphones",
    ]);
  });
});
