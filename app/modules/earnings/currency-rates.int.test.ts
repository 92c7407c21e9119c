import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { earnings } from "#app/db/schema";
import { saveSiteMoney } from "#app/modules/site-settings/money.server";

import { actor, bytesOf, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { convertEarnings, currencyRatesSummary, importRatesCsv, setFixedRate } from "./currency-rates.server";
import { importEarnings, type ReportedEarning } from "./earnings-import.server";

// Transactions in other currencies converted to the site's at the rate of their day: a fixed rate per
// currency, or the owner's file of dated rates.

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;

const sale = (externalId: string, currency: string, commission: number, day: string): ReportedEarning => ({
  externalId,
  status: "approved",
  saleAmount: commission * 10,
  commission,
  currency,
  transactedAt: new Date(`${day}T12:00:00Z`),
  clickedAt: null,
  subId: null,
});

const converted = async (network: string) =>
  (
    await db()
      .select({
        id: earnings.externalId,
        commission: earnings.siteCommission,
        sale: earnings.siteSaleAmount,
        currency: earnings.siteCurrency,
      })
      .from(earnings)
      .where(eq(earnings.network, network))
      .orderBy(earnings.externalId)
  ).map((row) => [row.id, row.commission, row.sale, row.currency]);

afterEach(async () => {
  await saveSiteMoney(db(), { currency: "USD", locale: "en-US", euPriceRules: null }, actor);
});

describe("converting earnings to the site's currency", () => {
  it("keeps a transaction waiting until its currency has a rate, then converts it to the cent", async () => {
    await importEarnings(db(), "fixed", [
      sale("f-1", "USD", 2.5, "2026-11-02"),
      sale("f-2", "EUR", 4.26, "2026-11-03"),
    ]);
    expect(await convertEarnings(db())).toEqual({ converted: 1, waiting: 1 });
    expect(await converted("fixed")).toEqual([
      ["f-1", 2.5, 25, "USD"],
      ["f-2", null, null, "USD"],
    ]);
    expect((await currencyRatesSummary(db())).find((row) => row.currency === "EUR")).toMatchObject({
      fixed: null,
      waiting: 1,
    });

    expect(await setFixedRate(db(), "EUR", 1.0837, actor)).toBeNull();
    // 4.26 × 1.0837 = 4.616562: 4.62; 42.60 × 1.0837 = 46.16562: 46.17.
    expect(await converted("fixed")).toEqual([
      ["f-1", 2.5, 25, "USD"],
      ["f-2", 4.62, 46.17, "USD"],
    ]);
    expect((await currencyRatesSummary(db())).find((row) => row.currency === "EUR")).toMatchObject({
      fixed: 1.0837,
      waiting: 0,
    });
    expect(await setFixedRate(db(), "USD", 2, actor)).toBe("USD is the site's own currency");
    expect(await setFixedRate(db(), "XYZ", 2, actor)).toBe('"XYZ" is not a currency code');

    // A re-import that moves the amount converts it again.
    await importEarnings(db(), "fixed", [{ ...sale("f-2", "EUR", 10, "2026-11-03") }]);
    await convertEarnings(db());
    expect((await converted("fixed"))[1]).toEqual(["f-2", 10.84, 108.37, "USD"]);
  });

  it("reads a file of dated rates, each serving from its day until the next, the fixed rate before them", async () => {
    await importEarnings(db(), "dated", [
      sale("d-1", "GBP", 10, "2026-10-20"),
      sale("d-2", "GBP", 10, "2026-11-05"),
      sale("d-3", "GBP", 10, "2026-11-20"),
    ]);
    const file = [
      "Date,Currency,Rate",
      "2026-11-01,GBP,1.25",
      "2026-11-15,gbp,1.30",
      "2026-11-31,GBP,1.30",
      "2026-11-16,USD,1",
      "2026-11-17,GBP,-2",
    ].join("\n");
    const checked = await importRatesCsv(db(), actor, bytesOf(file), { dryRun: true });
    expect(checked.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 3 });
    expect(checked.lines.filter((line) => line.action === "refuse").map((line) => line.reason)).toEqual([
      'Date: "2026-11-31" is not a date (year-month-day).',
      "Currency: USD is the site's own currency.",
      'Rate: "-2" is not a rate.',
    ]);
    await convertEarnings(db());
    expect((await converted("dated")).map((row) => row[1])).toEqual([null, null, null]);

    await importRatesCsv(db(), actor, bytesOf(file), { dryRun: false });
    expect((await converted("dated")).map((row) => row[1])).toEqual([null, 12.5, 13]);
    await setFixedRate(db(), "GBP", 1.2, actor);
    expect((await converted("dated")).map((row) => row[1])).toEqual([12, 12.5, 13]);
    expect((await currencyRatesSummary(db())).find((row) => row.currency === "GBP")).toEqual({
      currency: "GBP",
      fixed: 1.2,
      dated: { count: 2, from: "2026-11-01", to: "2026-11-15" },
      waiting: 0,
    });

    const again = await importRatesCsv(
      db(),
      actor,
      bytesOf("Date,Currency,Rate\n2026-11-15,GBP,1.35\n2026-11-01,GBP,1.25"),
      {
        dryRun: false,
      },
    );
    expect(again.counts).toMatchObject({ update: 1, unchanged: 1 });
    expect((await converted("dated")).map((row) => row[1])).toEqual([12, 12.5, 13.5]);
  });

  it("converts every transaction again when the site's currency changes", async () => {
    await importEarnings(db(), "moved", [sale("m-1", "EUR", 8, "2026-11-02"), sale("m-2", "USD", 5, "2026-11-02")]);
    await convertEarnings(db());
    await saveSiteMoney(db(), { currency: "EUR", locale: "de-DE", euPriceRules: null }, actor);
    await convertEarnings(db());
    // The EUR sale is in the site's currency now; the USD one waits for a USD rate into EUR.
    expect(await converted("moved")).toEqual([
      ["m-1", 8, 80, "EUR"],
      ["m-2", null, null, "EUR"],
    ]);
    const stale = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(earnings)
      .where(sql`${earnings.siteCurrency} <> 'EUR'`);
    expect(stale).toEqual([{ n: 0 }]);
  });
});
