import { describe, expect, it } from "vitest";

import { actor, createValid, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { embedCards, hiddenEmbedsNotice, searchEmbeds, tokenChips } from "./embeds.server";
import { deleteContent, saveContent } from "./mutations.server";
import { contentType } from "./registry.server";

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const deal = contentType("deal");
const coupon = contentType("coupon");
const gift = contentType("gift");
const guide = contentType("guide");

describe("guide embeds", () => {
  it("shows a token alone in a paragraph as a card and one in a sentence as a link to the item's page", async () => {
    const live = await createValid(db(), deal, {
      title: "Robot <Vacuum> & Mop",
      status: "published",
      affiliateUrl: "https://shop.example/vac",
    });
    const page = await createValid(db(), gift, { title: "Cozy Socks", status: "published" });
    const html = `<p>[deal:${live.id}]</p><p>Pair it with [gift:${page.id}] or [deal:${live.id}].</p><ul><li>[deal:${live.id}]</li></ul>`;
    const segments = await embedCards(db(), html);
    expect(segments.map((segment) => segment.type)).toEqual(["card", "html"]);
    const inline = segments[1]!.type === "html" ? segments[1]!.html : "";
    expect(inline).toContain(`<a href="/gift-ideas/${String(page.slug)}">Cozy Socks</a>`);
    expect(inline).toContain(`<a href="/deals/${String(live.slug)}">Robot &lt;Vacuum&gt; &amp; Mop</a>`);
    expect(inline.match(/\/deals\//g)).toHaveLength(2);
  });

  it("links an item without a page of its own out to the retailer, and Amazon straight to Amazon with a beacon", async () => {
    const amazon = await createValid(db(), coupon, {
      status: "published",
      affiliateUrl: "https://www.amazon.com/dp/B0TEST0001?tag=x-20",
    });
    const [segment] = await embedCards(db(), `<p>See [coupon:${amazon.id}] now</p>`);
    expect(segment).toMatchObject({ type: "html" });
    expect(segment!.type === "html" && segment!.html).toContain(
      `href="https://www.amazon.com/dp/B0TEST0001?tag=x-20" rel="sponsored nofollow noopener" target="_blank" data-beacon="/go/coupon/${amazon.id}?from=guide-inline"`,
    );
  });

  it("leaves out what shoppers may not see, and tells the editor why", async () => {
    const draft = await createValid(db(), deal, { title: "Draft Kettle" });
    const gone = await createValid(db(), deal, { status: "published" });
    await deleteContent(deal, db(), actor, gone.id);
    const html = `<p>[deal:${draft.id}]</p><p>Also [deal:${gone.id}] here</p>`;
    expect(await embedCards(db(), html)).toEqual([{ type: "html", html: "<p>Also  here</p>" }]);
    expect(await tokenChips(db(), html)).toEqual({
      [`deal:${draft.id}`]: { id: draft.id, label: "Draft Kettle", state: "unpublished" },
      [`deal:${gone.id}`]: { id: gone.id, label: "Deleted item", state: "missing" },
    });
  });

  it("warns on save when a guide embeds items shoppers cannot see", async () => {
    const draft = await createValid(db(), deal, { title: "Draft Kettle" });
    const input = guide.schema.parse({
      title: "Kettles",
      coverImageUrl: "https://example.com/c.png",
      content: `<p>Try <span data-token="deal:${draft.id}"></span></p>`,
    });
    const saved = await saveContent(guide, db(), actor, undefined, input);
    expect(saved.ok && saved.row.content).toBe(`<p>Try [deal:${draft.id}]</p>`);
    expect(await hiddenEmbedsNotice(guide, db(), saved.ok ? saved.row : {})).toBe(
      'Shoppers will not see 1 embedded item: "Draft Kettle" is not published.',
    );
  });

  it("searches published items with their store, price and picture", async () => {
    await createValid(db(), deal, { title: "Espresso Machine", status: "published", currentPrice: 199.5 });
    await createValid(db(), deal, { title: "Espresso Grinder" });
    const chips = await searchEmbeds(deal, db(), "espresso");
    expect(chips).toEqual([
      {
        id: expect.any(String),
        label: "Espresso Machine",
        detail: expect.stringMatching(/^Store \d+ · \$199\.50$/),
        image: "https://example.com/h.png",
        url: "https://example.com/h",
      },
    ]);
  });
});
