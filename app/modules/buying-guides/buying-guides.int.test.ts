import { describe, expect, it } from "vitest";

import { getForEdit } from "#app/modules/catalogue/mutations.server";

import { contentTypeKit, firstListPage, messagesFor } from "../../../tests/support/fixtures";
import { buyingGuideSchema } from "./buying-guide.schema";
import { buyingGuideType } from "./buying-guide.type.server";
import { findPublicGuideBySlug } from "./buying-guides-public.server";

const { db, form, save } = contentTypeKit(buyingGuideType);

describe("buying guide validation", () => {
  it("refuses blank content, a read time under a minute and a title with nothing for a slug", () => {
    expect(messagesFor(buyingGuideSchema, form({ content: "<p></p>" }))).toEqual({ content: ["Content is required"] });
    expect(messagesFor(buyingGuideSchema, form({ readTime: 0 }))).toEqual({
      readTime: ["Read time must be at least 1 minute"],
    });
    expect(messagesFor(buyingGuideSchema, form({ title: "!!!" }))).toEqual({ slug: ["Slug is required"] });
  });

  it("splits comma-separated tags, trimmed, without empties", () => {
    expect(buyingGuideSchema.parse(form({ tags: " audio, , travel ,audio," })).tags).toEqual(["audio", "travel"]);
  });
});

describe("buying guides", () => {
  it("sanitises content on save and keeps tokens", async () => {
    const created = await save(undefined, {
      content: '<p onclick="x()">Hi <script>alert(1)</script>[deal:abc]</p><img src=x onerror=alert(1)>',
    });
    expect(created.ok && created.row.content).toBe("<p>Hi [deal:abc]</p>");
    expect(created.ok && created.row).toMatchObject({
      slug: "best-headphones",
      status: "draft",
      readTime: null,
      tags: [],
    });
  });

  it("refuses content that is empty once sanitised", async () => {
    expect(await save(undefined, { content: "<script>alert(1)</script>" })).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { content: ["Content is required"] },
    });
  });

  it("keeps an archived guide archived and hides non-published guides from the public", async () => {
    const created = await save(undefined, { status: "published" });
    const id = created.ok ? created.row.id : "";
    expect(await findPublicGuideBySlug(db(), "best-headphones")).not.toBeNull();
    await save(id, { status: "archived" });
    await save(id, { status: "archived", readTime: 7 });
    expect(await getForEdit(buyingGuideType, db(), id)).toMatchObject({ status: "archived", readTime: 7 });
    expect(await findPublicGuideBySlug(db(), "best-headphones")).toBeNull();
    expect((await firstListPage(buyingGuideType, db())).map((g) => g.title)).toEqual(["Best Headphones"]);
  });
});
