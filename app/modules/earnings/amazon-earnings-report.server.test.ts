import { describe, expect, it } from "vitest";

import { amazonAmountOf, readAmazonEarningsReport } from "./amazon-earnings-report.server";

const context = { currency: "USD", trackingIds: { guide: "site-guides-21" }, filename: "earnings.tsv" };

describe("Amazon's earnings report", () => {
  it("reads amounts as Amazon's marketplaces write them", () => {
    expect(["1,234.56", "-3.20", "$12.00", "12,34 €", "1.234,50", "0", "", "n/a"].map(amazonAmountOf)).toEqual([
      1234.56,
      -3.2,
      12,
      12.34,
      1234.5,
      0,
      null,
      null,
    ]);
  });

  it("is found below any title line, tab-separated, and tells two identical lines apart", () => {
    const line = "B0KETTLE01\tsite-guides-21\t11/20/2026\t2\t99,98\t3,00";
    const report = readAmazonEarningsReport(
      [
        "Fee-Earnings reports from 2026-11-01 to 2026-11-30",
        "ASIN\tTracking ID\tDate Shipped\tItems Shipped\tRevenue($)\tAd Fees($)",
        line,
        line,
        "B0KETTLE02\tx-21\t31/11/2026\t1\t1\t1",
      ].join("\n"),
      context,
    );
    expect(report!.refused).toEqual(['earnings.tsv line 5: no ship date we can read ("31/11/2026")']);
    expect(report!.reported).toHaveLength(2);
    expect(report!.reported[0]).toMatchObject({
      asin: "B0KETTLE01",
      subId: "site-guides-21",
      placement: "guide",
      commission: 3,
      saleAmount: 99.98,
      currency: "USD",
      transactedAt: new Date("2026-11-20T00:00:00Z"),
    });
    expect(report!.reported[0]!.externalId).not.toBe(report!.reported[1]!.externalId);
  });

  it("reads a slashed date day first outside the US marketplace", () => {
    const report = readAmazonEarningsReport(
      'ASIN,Tracking ID,Date Shipped,Ad Fees(€)\nB0KETTLE01,x-21,20/11/2026,"1,50"',
      {
        ...context,
        currency: "EUR",
      },
    );
    expect(report!.reported[0]).toMatchObject({ transactedAt: new Date("2026-11-20T00:00:00Z"), commission: 1.5 });
  });

  it("is none when the file lacks the earnings columns", () => {
    expect(readAmazonEarningsReport("Category,Name,ASIN,Qty\nHome,Kettle,B0KETTLE01,1", context)).toBeNull();
  });
});
