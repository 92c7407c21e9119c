import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { deals, priceHistory } from "#app/db/schema";
import { shownReduction } from "#app/lib/reference-price";
import { dealType } from "#app/modules/deals/deal.type.server";

import { contentTypeKit } from "../../../tests/support/fixtures";

// The EU rule over generated price histories: a reduction is shown only against the lowest price of the 30
// days before the current price took effect (the price in effect when that window opened, and every change
// inside it), and never when the recorded history does not reach back to the window's start.

const { db, save } = contentTypeKit(dealType, { name: "Omnibus Store", slug: "omnibus" });

/** A past change: how many days ago (never within half a day of the window's edge) and the price it set. */
const change = fc.record({
  daysAgo: fc.integer({ min: 0, max: 59 }).map((days) => days + 0.5),
  price: fc.integer({ min: 100, max: 20_000 }).map((cents) => cents / 100),
});
const history = fc.uniqueArray(change, { minLength: 1, maxLength: 8, selector: (point) => point.daysAgo });
const newPrice = fc.integer({ min: 100, max: 20_000 }).map((cents) => cents / 100);

/** What the rule says the prior-30-day low is, worked out here from the generated history alone. */
function expectedPriorLowest(points: Array<{ daysAgo: number; price: number }>): number | null {
  const oldest = [...points].sort((a, b) => b.daysAgo - a.daysAgo);
  const atWindowStart = oldest.filter((point) => point.daysAgo >= 30).at(-1);
  if (!atWindowStart) return null;
  return Math.min(atWindowStart.price, ...oldest.filter((point) => point.daysAgo < 30).map((point) => point.price));
}

let made = 0;

describe("the EU prior-30-day low, over generated price histories", () => {
  it("is recorded from the 30 days before the change and is the only reduction an EU site shows", async () => {
    await fc.assert(
      fc.asyncProperty(history, newPrice, fc.constantFrom("owner", "list", "was"), async (points, price, kind) => {
        made += 1;
        const sorted = [...points].sort((a, b) => b.daysAgo - a.daysAgo);
        const last = sorted.at(-1)!;
        fc.pre(price !== last.price);
        const saved = await save(undefined, {
          title: `Omnibus kettle ${made}`,
          currentPrice: last.price,
          // A typed "was" price far above anything: the EU rule must not take it.
          originalPrice: 999,
          referencePriceKind: kind,
        });
        if (!saved.ok) throw new Error(JSON.stringify(saved));
        const id = saved.row.id;
        const ofDeal = and(eq(priceHistory.itemKind, "deal"), eq(priceHistory.itemId, id));
        await db().delete(priceHistory).where(ofDeal);
        for (const point of sorted) {
          await db()
            .insert(priceHistory)
            .values({
              itemKind: "deal",
              itemId: id,
              price: point.price,
              source: "owner",
              recordedAt: sql`now() - make_interval(secs => ${point.daysAgo * 86_400})`,
            });
        }
        await db().update(deals).set({ currentPrice: price }).where(eq(deals.id, id));

        const [row] = await db()
          .select({
            currentPrice: deals.currentPrice,
            originalPrice: deals.originalPrice,
            referencePriceKind: deals.referencePriceKind,
            priorLowestPrice: deals.priorLowestPrice,
            amazonAsin: deals.amazonAsin,
          })
          .from(deals)
          .where(eq(deals.id, id));
        const prior = expectedPriorLowest(points);
        expect(row!.priorLowestPrice).toBe(prior);

        const shown = shownReduction(row!, true);
        if (prior === null || prior <= price) expect(shown).toBeNull();
        else if (shown) expect(shown).toMatchObject({ reference: prior, label: "Lowest price in the 30 days before" });
        else expect(Math.round(((prior - price) / prior) * 100)).toBeLessThan(1);
      }),
      { numRuns: 40 },
    );
  });

  it("is never kept for an Amazon item, whose prices are Amazon's for 24 hours only", async () => {
    const saved = await save(undefined, { title: "Amazon kettle", currentPrice: 50 });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    await db()
      .update(priceHistory)
      .set({ recordedAt: sql`now() - interval '40 days'` })
      .where(eq(priceHistory.itemId, saved.row.id));
    await db().update(deals).set({ amazonAsin: "B0OMNIBUS1", currentPrice: 40 }).where(eq(deals.id, saved.row.id));
    const [row] = await db().select({ prior: deals.priorLowestPrice }).from(deals).where(eq(deals.id, saved.row.id));
    expect(row!.prior).toBeNull();
  });

  it("is cleared when the price changes on a deal with no history behind the window", async () => {
    const saved = await save(undefined, { title: "Fresh kettle", currentPrice: 50, originalPrice: 80 });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    await save(saved.row.id, { title: "Fresh kettle", currentPrice: 40, originalPrice: 80 });
    const [row] = await db().select({ prior: deals.priorLowestPrice }).from(deals).where(eq(deals.id, saved.row.id));
    expect(row!.prior).toBeNull();
  });
});
