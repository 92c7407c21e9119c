import { and, eq, sql } from "drizzle-orm";
import Parser from "rss-parser";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";

import { buyingGuides, categories, coupons, deals, giftIdeas, stores } from "#app/db/schema";

import { servedInProcessApp } from "../support/in-process-server";

// Every list's feed, RSS and Atom, with titles and summaries an owner (or a feed pulled from elsewhere) may
// write: `]]>` more than once, markup that would add a `<link>` of its own, characters XML 1.0 forbids. Each
// must stay well-formed XML to a strict parser, and a feed reader must read the title as written and the
// item's link as DealDash's page.

const served = servedInProcessApp();

const HOSTILE_TITLE =
  'Deal ]]> one ]]> two </title><link>https://evil.example/</link><title>x & "y" \u0001\u0008\u000b\u001f\uFFFE end';
const HOSTILE_SUMMARY = "]]><description>injected</description> <b>bold</b> \u0002";
/** What a reader shows: the title less the characters XML cannot carry. */
const READ_TITLE = 'Deal ]]> one ]]> two </title><link>https://evil.example/</link><title>x & "y"  end';

function strictlyParsed(xml: string): void {
  const parser = new SaxesParser({ xmlns: true });
  parser.on("error", (error) => {
    throw error;
  });
  parser.write(xml).close();
}

describe("feeds with hostile titles", () => {
  it("stay well-formed XML and read back as written, in every list's RSS and Atom", async () => {
    const db = served().app.db;
    const now = new Date();
    const [deal] = await db
      .select({ id: deals.id, storeId: deals.storeId, categoryId: deals.categoryId })
      .from(deals)
      .where(and(eq(deals.status, "published"), sql`${deals.storeId} is not null and ${deals.categoryId} is not null`))
      .limit(1);
    await db
      .update(deals)
      .set({ title: HOSTILE_TITLE, shortDescription: HOSTILE_SUMMARY, createdAt: now })
      .where(eq(deals.id, deal!.id));
    await db
      .update(coupons)
      .set({ title: HOSTILE_TITLE, description: HOSTILE_SUMMARY, createdAt: now })
      .where(eq(coupons.storeId, deal!.storeId!));
    await db.update(giftIdeas).set({ title: HOSTILE_TITLE, description: HOSTILE_SUMMARY, createdAt: now });
    await db.update(buyingGuides).set({ title: HOSTILE_TITLE, excerpt: HOSTILE_SUMMARY, createdAt: now });
    const [store] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, deal!.storeId!));
    const [category] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, deal!.categoryId!));

    const lists = [
      "/deal-dashes",
      "/coupons",
      `/stores/${store!.slug}`,
      `/categories/${category!.slug}`,
      "/gift-ideas",
      "/buying-guides",
    ];
    const parser = new Parser();
    const site = served().app.mod.getEnv().PUBLIC_URL;
    for (const list of lists) {
      for (const format of ["rss", "atom"]) {
        const path = `/feeds${list}.${format}`;
        const response = await fetch(served().url + path);
        expect(response.status, path).toBe(200);
        const xml = await response.text();
        expect(() => strictlyParsed(xml), path).not.toThrow();
        const feed = await parser.parseString(xml);
        const hostile = feed.items.filter((item) => item.title === READ_TITLE);
        expect(hostile.length, path).toBeGreaterThan(0);
        for (const item of feed.items) expect(item.link?.startsWith(`${site}/`), `${path}: ${item.link}`).toBe(true);
        expect(xml, path).not.toContain("<description>injected");
      }
    }
  });
});
