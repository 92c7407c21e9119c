import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyingGuides, categories, coupons, deals, giftIdeas, stores } from "#app/db/schema";
import { categoryPath, dealPath, giftIdeaPath, guidePath, storePath } from "#app/lib/public-paths";

import { servedInProcessApp } from "../support/in-process-server";
import { getAnswer } from "../support/page-cache-hit";

// What public pages say to search engines and where they send shoppers. Every page type's JSON-LD against
// the fields Google documents for the rich results it asks for (developers.google.com/search/docs/
// appearance/structured-data: product snippets, breadcrumbs, the site name's WebSite, carousels' ItemList);
// a type the checks do not know fails, so a new block gets its own check. And no outbound link the owner
// did not give.

const served = servedInProcessApp();
const db = () => served().app.db;

type Block = Record<string, unknown> & { "@type": string };

async function blocksOf(path: string): Promise<Block[]> {
  const answer = await getAnswer(served().url + path);
  expect(answer.status, path).toBe(200);
  return [...answer.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Block,
  );
}

const isUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);
const AVAILABILITY = new Set(
  ["InStock", "OutOfStock", "PreOrder", "Discontinued", "LimitedAvailability", "SoldOut", "BackOrder"].map(
    (value) => `https://schema.org/${value}`,
  ),
);

/** What Google documents as required (and, where given, well-formed) for each type; the problems found. */
function problemsOf(block: Block): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => (ok ? undefined : problems.push(`${block["@type"]}: ${what}`));
  need(block["@context"] === "https://schema.org", "@context is schema.org");
  switch (block["@type"]) {
    case "Product": {
      need(typeof block.name === "string" && block.name.length > 0, "a name");
      // Google wants one of offers, review or aggregateRating; a rating or review copied from another
      // site (Amazon's stars) is against its review-snippet rules, so offers it is.
      need(!("aggregateRating" in block), "no aggregateRating copied from another site");
      need(!("review" in block), "no review copied from another site");
      const offer = block.offers as Record<string, unknown> | undefined;
      need(offer?.["@type"] === "Offer", "an Offer");
      need(typeof offer?.price === "string" && /^\d+(\.\d+)?$/.test(offer.price), "the offer's price as a number");
      need(typeof offer?.priceCurrency === "string" && /^[A-Z]{3}$/.test(offer.priceCurrency), "an ISO 4217 currency");
      need(offer?.url === undefined || isUrl(offer.url), "the offer's url absolute");
      need(
        offer?.availability === undefined || AVAILABILITY.has(String(offer.availability)),
        "a schema.org availability",
      );
      need(
        offer?.priceValidUntil === undefined || /^\d{4}-\d{2}-\d{2}$/.test(String(offer.priceValidUntil)),
        "priceValidUntil as an ISO date",
      );
      const images = Array.isArray(block.image) ? block.image : [block.image];
      need(images.length > 0 && images.every(isUrl), "absolute image URLs");
      break;
    }
    case "Article": {
      // Google requires nothing of an Article; what it recommends must be well-formed when given.
      need(typeof block.headline === "string" && block.headline.length > 0, "a headline");
      for (const date of ["datePublished", "dateModified"])
        need(block[date] === undefined || !Number.isNaN(Date.parse(String(block[date]))), `${date} as ISO 8601`);
      const images = block.image === undefined ? [] : Array.isArray(block.image) ? block.image : [block.image];
      need(images.every(isUrl), "absolute image URLs");
      break;
    }
    case "BreadcrumbList": {
      const items = block.itemListElement as Array<Record<string, unknown>>;
      need(Array.isArray(items) && items.length >= 2, "at least two crumbs");
      items.forEach((item, index) => {
        need(item["@type"] === "ListItem" && item.position === index + 1, `crumb ${index + 1} in place`);
        need(typeof item.name === "string" && item.name.length > 0, `crumb ${index + 1} named`);
        need(index === items.length - 1 || isUrl(item.item), `crumb ${index + 1} linked`);
      });
      break;
    }
    case "ItemList": {
      const items = block.itemListElement as Array<Record<string, unknown>>;
      need(Array.isArray(items), "its items");
      items.forEach((item, index) =>
        need(item.position === index + 1 && isUrl(item.url), `item ${index + 1} with its position and URL`),
      );
      break;
    }
    case "WebSite": {
      need(isUrl(block.url) && typeof block.name === "string", "its name and URL");
      const action = block.potentialAction as Record<string, unknown> | undefined;
      if (action) {
        need(action["@type"] === "SearchAction", "a SearchAction");
        need(String(action["query-input"]) === "required name=search_term_string", "its query-input");
        need(String(action.target).includes("{search_term_string}"), "a target taking the search");
      }
      break;
    }
    default:
      problems.push(`${block["@type"]}: no check for this type yet`);
  }
  return problems;
}

describe("structured data", () => {
  it("holds the fields Google documents on every page type, and no rating copied from another site", async () => {
    const rated = and(eq(deals.status, "published"), isNotNull(deals.rating));
    const [deal] = await db().select().from(deals).where(rated).limit(1);
    expect(deal!.rating).not.toBeNull();
    await db().update(giftIdeas).set({ rating: 4.4, totalReviews: 120 });
    const [gift] = await db().select().from(giftIdeas).where(eq(giftIdeas.status, "published")).limit(1);
    const [store] = await db().select().from(stores).limit(1);
    const [category] = await db().select().from(categories).limit(1);
    const [guide] = await db().select().from(buyingGuides).where(eq(buyingGuides.status, "published")).limit(1);
    const pages = [
      "/",
      dealPath(deal!),
      giftIdeaPath(gift!),
      storePath(store!),
      categoryPath(category!),
      guidePath(guide!),
      "/deal-dashes",
      "/coupons",
      "/gift-ideas",
      "/buying-guides",
    ];
    const seen = new Set<string>();
    for (const path of pages) {
      const blocks = await blocksOf(path);
      for (const block of blocks) seen.add(block["@type"]);
      expect(blocks.flatMap(problemsOf), path).toEqual([]);
    }
    expect([...seen].sort()).toEqual(["Article", "BreadcrumbList", "ItemList", "Product", "WebSite"]);

    const [product] = (await blocksOf(dealPath(deal!))).filter((block) => block["@type"] === "Product");
    expect(product).toMatchObject({ name: deal!.title, offers: { price: deal!.currentPrice.toFixed(2) } });
  });

  it("sends the home page's SearchAction to the site search the header uses", async () => {
    const [site] = (await blocksOf("/")).filter((block) => block["@type"] === "WebSite");
    const target = new URL(
      String((site!.potentialAction as { target: string }).target).replace("{search_term_string}", "tv"),
    );
    expect(`${target.pathname}${target.search}`).toBe("/search?q=tv");
    expect((await getAnswer(`${served().url}/search?q=tv`)).status).toBe(200);
  });

  it("leaves out a Product whose price may not be shown (an Amazon price past 24 hours): it would have no offer", async () => {
    const [published] = await db().select().from(deals).where(eq(deals.status, "published")).offset(3).limit(1);
    const [deal] = await db()
      .update(deals)
      .set({ amazonAsin: "B0SNIPPET1", priceUpdatedAt: null, rating: 4.7, reviewCount: 8_812 })
      .where(eq(deals.id, published!.id))
      .returning();
    const blocks = await blocksOf(dealPath(deal!));
    expect(blocks.map((block) => block["@type"])).toEqual(["BreadcrumbList"]);
    // Amazon's picture and stars follow its price: not shown once read over 24 hours ago.
    const page = (await getAnswer(served().url + dealPath(deal!))).body;
    expect(page).not.toContain(deal!.imageUrl);
    expect(page).not.toContain("8,812 reviews");
    expect(page).toContain(deal!.title);
    // Read again just now: the picture and the stars are back, the stars labelled as Amazon's.
    await db().update(deals).set({ priceUpdatedAt: new Date() }).where(eq(deals.id, deal!.id));
    const shown = async () => {
      const body = (await getAnswer(served().url + dealPath(deal!))).body;
      return { stars: body.includes("(8,812 reviews on Amazon)"), picture: body.includes(`src="${deal!.imageUrl}"`) };
    };
    // The page cache hears of the change at commit, in its own time on a busy machine.
    await expect.poll(shown, { timeout: 30_000 }).toEqual({ stars: true, picture: true });
  });
});

describe("outbound links", () => {
  it("give a store without an affiliate URL no 'Visit' link, and its coupon the code with no link out", async () => {
    const [store] = await db().insert(stores).values({ name: "Corner Shop", slug: "corner-shop" }).returning();
    const [template] = await db().select().from(coupons).where(eq(coupons.status, "published")).limit(1);
    const { id: _id, searchVector: _search, createdAt: _created, updatedAt: _updated, ...rest } = template!;
    const [coupon] = await db()
      .insert(coupons)
      .values({
        ...rest,
        title: "Corner Shop Ten Off",
        couponCode: "CORNER10",
        storeId: store!.id,
        affiliateUrl: null,
        urlType: "automatic",
        validFrom: null,
        validUntil: null,
        publishAt: null,
        unpublishAt: null,
      })
      .returning();
    const page = (await getAnswer(`${served().url}/stores/corner-shop`)).body;
    expect(page).toContain("Corner Shop Ten Off");
    expect(page).not.toContain("Visit Corner Shop");
    expect(page).not.toContain(`/go/store/${store!.id}`);
    // 'Show Code' opens the code's own page (or, with JavaScript, shows it in place): no tab, no way on.
    expect(page).not.toContain(`/go/coupon/${coupon!.id}`);
    expect(page).toContain(`/coupons/${coupon!.id}/show`);
    expect(page).not.toMatch(/corner-shop\.com/);
    expect((await getAnswer(`${served().url}/go/store/${store!.id}`)).status).toBe(404);
    const shown = (await getAnswer(`${served().url}/coupons/${coupon!.id}/show`)).body;
    expect(shown).toContain("CORNER10");
    expect(shown).not.toContain("Go to Corner Shop");
  });
});

describe("icons", () => {
  it("draws every icon a page points at in the page's own sprite", async () => {
    const [store] = await db().select().from(stores).limit(1);
    const [guide] = await db().select().from(buyingGuides).where(eq(buyingGuides.status, "published")).limit(1);
    const pointedAt = new Set<string>();
    for (const path of ["/", "/deal-dashes", "/coupons", storePath(store!), guidePath(guide!), "/search?q=deal"]) {
      const page = (await getAnswer(served().url + path)).body;
      const drawn = new Set([...page.matchAll(/<symbol id="(icon-[a-z-]+)"/g)].map((match) => match[1]));
      const used = [...page.matchAll(/<use href="#(icon-[a-z-]+)"/g)].map((match) => match[1]!);
      expect(
        used.filter((id) => !drawn.has(id)),
        path,
      ).toEqual([]);
      for (const id of used) pointedAt.add(id);
    }
    // The icons cards repeat: a deal's heart, a coupon's scissors and copy button.
    expect([...pointedAt]).toEqual(expect.arrayContaining(["icon-heart", "icon-scissors", "icon-copy"]));
  });
});
