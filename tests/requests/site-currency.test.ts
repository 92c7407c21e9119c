import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, priceHistory, stores } from "#app/db/schema";
import { dealPath } from "#app/lib/public-paths";

import { servedInProcessApp } from "../support/in-process-server";
import { getAnswer } from "../support/page-cache-hit";

// A site set up for amazon.de shows euros everywhere a shopper or a reader meets a price (pages, JSON-LD,
// feeds), and follows the EU's price-reduction rules: no struck-through price without a recorded lowest
// price of the 30 days before the current one.

const served = servedInProcessApp();
const db = () => served().app.db;

const euros = (value: number) => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(value);
const DOLLAR_PRICE = /\$[\d,]+\.\d\d/;

async function chooseAmazonDe() {
  await db()
    .insert(stores)
    .values({ name: "Amazon", slug: "amazon", apiType: "amazon_pa", apiConfig: { marketplace: "www.amazon.de" } })
    .onConflictDoUpdate({ target: stores.slug, set: { apiConfig: { marketplace: "www.amazon.de" } } });
}

/**
 * The page once it says `text` and no stale copy stands in for it: after a change the page cache answers
 * the last kept page while one request renders the new one (stale-while-revalidate).
 */
async function settledPage(path: string, text: string): Promise<string> {
  let body = "";
  await expect
    .poll(
      async () => {
        const answer = await getAnswer(served().url + path);
        body = answer.headers.get("x-cache") === "stale" ? "" : answer.body;
        return body;
      },
      { timeout: 60_000 },
    )
    .toContain(text);
  return body;
}

describe("an amazon.de site", () => {
  it("shows € on pages, in JSON-LD and in feeds, and no reduction the EU rules do not allow", async () => {
    const [deal] = await db()
      .select()
      .from(deals)
      .where(
        and(
          eq(deals.status, "published"),
          isNull(deals.amazonAsin),
          isNull(deals.expiresAt),
          isNotNull(deals.originalPrice),
          sql`${deals.originalPrice} > ${deals.currentPrice} * 1.05`,
        ),
      )
      .limit(1);
    const path = dealPath(deal!);
    // Before: dollars, and the typed original price struck through.
    const before = (await getAnswer(served().url + path)).body;
    expect(before).toMatch(DOLLAR_PRICE);
    expect(before).toContain('data-testid="reference-price"');

    await chooseAmazonDe();
    const page = await settledPage(path, euros(deal!.currentPrice));
    expect(page).not.toMatch(DOLLAR_PRICE);
    expect(page).toContain('<meta name="site-currency" content="EUR"/>');
    const product = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1]!) as { "@type": string; offers?: { priceCurrency: string } })
      .find((block) => block["@type"] === "Product");
    expect(product?.offers?.priceCurrency).toBe("EUR");
    // No history reaches 30 days back: the typed original price is not announced as a reduction.
    expect(page).not.toContain('data-testid="reference-price"');

    const feed = await settledPage("/feeds/deal-dashes.rss", "€");
    expect(feed).toMatch(/\d,\d\d\u00a0€ at /);
    expect(feed).not.toMatch(DOLLAR_PRICE);

    // 40 days at the original price, then today's cut: the reduction is shown against that, with its label.
    await db().delete(priceHistory).where(eq(priceHistory.itemId, deal!.id));
    await db()
      .insert(priceHistory)
      .values({
        itemKind: "deal",
        itemId: deal!.id,
        price: deal!.originalPrice!,
        source: "owner",
        recordedAt: new Date(Date.now() - 40 * 86_400_000),
      });
    // Back to the original price for a moment, then the cut again: a change the trigger measures.
    await db().update(deals).set({ currentPrice: deal!.originalPrice! }).where(eq(deals.id, deal!.id));
    await db().update(deals).set({ currentPrice: deal!.currentPrice }).where(eq(deals.id, deal!.id));
    const reduced = await settledPage(path, 'data-testid="reference-price"');
    expect(reduced).toContain(`Lowest price in the 30 days before <s>${euros(deal!.originalPrice!)}</s>`);
  });
});
