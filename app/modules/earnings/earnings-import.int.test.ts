import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clicks, earnings } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";

import { clickOnADeal } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { importEarnings, type ReportedEarning } from "./earnings-import.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

const sale = (externalId: string, values: Partial<ReportedEarning> = {}): ReportedEarning => ({
  externalId,
  status: "pending",
  saleAmount: 100,
  commission: 4.26,
  currency: "eur",
  transactedAt: new Date("2026-11-20T10:00:00Z"),
  clickedAt: new Date("2026-11-20T09:55:00Z"),
  subId: null,
  ...values,
});

describe("importing a network's transactions", () => {
  it("attributes each to the click its sub-ID names, and keeps those naming none as unattributed", async () => {
    const { click } = await clickOnADeal(db(), { placement: "deal-dashes", referrerHost: "news.example" });
    const counts = await importEarnings(db(), "awin", [
      sale("a-1", { subId: click.id }),
      sale("a-2", { subId: "9f1c0d7e-0000-4000-8000-000000000000" }), // a click we never had
      sale("a-3", { subId: "newsletter-june" }), // not a click id at all
      sale("a-4"),
    ]);
    expect(counts).toEqual({ added: 4, updated: 0, unchanged: 0, unattributed: 3 });
    const rows = await db().select().from(earnings).where(eq(earnings.network, "awin"));
    const attributed = rows.find((row) => row.externalId === "a-1")!;
    expect(attributed).toMatchObject({
      clickId: click.id,
      kind: "deal",
      itemId: click.itemId,
      storeId: click.storeId,
      placement: "deal-dashes",
      referrerHost: "news.example",
      currency: "EUR",
      commission: 4.26,
    });
    expect(
      rows
        .filter((row) => row.clickId === null)
        .map((row) => row.externalId)
        .sort(),
    ).toEqual(["a-2", "a-3", "a-4"]);
  });

  it("moves a re-imported transaction's status and amounts without counting it twice", async () => {
    const first = [sale("b-1"), sale("b-2", { commission: 10.1 }), sale("b-3", { commission: 0.07 })];
    await importEarnings(db(), "cj", first);
    const total = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)`.mapWith(Number), commission: sql<string>`sum(${earnings.commission})` })
          .from(earnings)
          .where(eq(earnings.network, "cj"))
      )[0]!;
    expect(await total()).toEqual({ n: 3, commission: "14.43" });
    // Approved, one amended down, one reported twice in the same file (the last report wins).
    const again = await importEarnings(db(), "cj", [
      sale("b-1", { status: "approved" }),
      sale("b-2", { commission: 9.9, status: "approved" }),
      sale("b-3", { commission: 0.07 }),
      sale("b-3", { commission: 0.07, status: "declined" }),
    ]);
    expect(again).toEqual({ added: 0, updated: 3, unchanged: 0, unattributed: 3 });
    expect(await total()).toEqual({ n: 3, commission: "14.23" });
    expect(await importEarnings(db(), "cj", [sale("b-1", { status: "approved" })])).toEqual({
      added: 0,
      updated: 0,
      unchanged: 1,
      unattributed: 0,
    });
    // The same id from another network is another transaction.
    expect((await importEarnings(db(), "impact", [sale("b-1")])).added).toBe(1);
  });

  it("finds the click of a transaction first imported before its click was known, and keeps it", async () => {
    const { click } = await clickOnADeal(db(), { placement: "deal-dashes", referrerHost: "news.example" });
    await db().delete(clicks).where(eq(clicks.id, click.id));
    await importEarnings(db(), "rakuten", [sale("c-1", { subId: click.id })]);
    await db().insert(clicks).values(click);
    expect((await importEarnings(db(), "rakuten", [sale("c-1", { subId: click.id })])).updated).toBe(1);
    // Its raw click expires; the transaction keeps what it was attributed to.
    await db().delete(clicks).where(eq(clicks.id, click.id));
    await importEarnings(db(), "rakuten", [sale("c-1", { subId: click.id, status: "paid" })]);
    const [row] = await db().select().from(earnings).where(eq(earnings.externalId, "c-1"));
    expect(row).toMatchObject({ status: "paid", clickId: click.id, itemId: click.itemId });
  });
});
