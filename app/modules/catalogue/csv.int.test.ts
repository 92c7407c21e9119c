import { parse } from "csv-parse/sync";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, coupons, deals, stores } from "#app/db/schema";
import { seedScaleData } from "#app/db/seed/scale-data.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { readListParams } from "#app/modules/content-types/list-params";

import { actor, createValid, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { refFiltersOf } from "./admin-list.server";
import { exportCsv } from "./csv.server";
import { importCsv } from "./csv-import.server";
import { contentType } from "./registry.server";

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const dealType = contentType("deal");
const storeType = contentType("store");

const exported = (type: AnyContentType, query = "") =>
  new Response(
    exportCsv(
      type,
      db(),
      readListParams(
        new URLSearchParams(query),
        refFiltersOf(type).map((filter) => filter.param),
      ),
    ),
  ).text();
const rowsOf = (csv: string) => parse(csv, { columns: true, bom: true }) as Array<Record<string, string>>;
const audits = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const importing = (type: AnyContentType, csv: string, dryRun = false) =>
  importCsv(type, db(), actor, new Blob([csv]).stream(), { dryRun });

const DEAL_HEADER = "title,store,currentPrice,shortDescription,imageUrl,affiliateUrl,status";

describe("CSV export", () => {
  it("starts with a byte-order mark and the form's columns in words, references by slug", async () => {
    const store = await createValid(db(), storeType, { name: "Gadget Hub", slug: "gadget-hub" });
    await createValid(db(), dealType, { storeId: store.id, title: "Desk Lamp" });
    const bytes = new Uint8Array(
      await new Response(exportCsv(dealType, db(), readListParams(new URLSearchParams(), []))).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = await exported(dealType);
    expect(
      csv.startsWith(
        "ID,Store,Category,Title,Slug,Short description,Long description,Image URL,Affiliate URL,Current price,",
      ),
    ).toBe(true);
    expect(rowsOf(csv)).toEqual([
      expect.objectContaining({
        Store: "gadget-hub",
        Title: "Desk Lamp",
        "Current price": "80",
        Featured: "false",
        "Track clicks": "false",
      }),
    ]);
    expect(Object.keys(rowsOf(await exported(storeType))[0]!)).not.toContain("API config");
  });

  it("escapes cells a spreadsheet would run as formulas", async () => {
    for (const title of ['=HYPERLINK("http://evil")', "+1 deal", "-50% off", "@SUM(A1)"])
      await createValid(db(), dealType, { title, slug: `s-${title.length}-${title.charCodeAt(0)}` });
    const titles = rowsOf(await exported(dealType)).map((row) => row.Title);
    expect(titles.sort()).toEqual(["'+1 deal", "'-50% off", '\'=HYPERLINK("http://evil")', "'@SUM(A1)"].sort());
  });

  it("exports only what the view matches", async () => {
    await createValid(db(), dealType, { title: "Blue kettle" });
    await createValid(db(), dealType, { title: "Red kettle", status: "published" });
    expect(rowsOf(await exported(dealType, "status=published")).map((row) => row.Title)).toEqual(["Red kettle"]);
  });
});

describe("CSV import", () => {
  it("reads its own export back as no change at all, and writes nothing for it", async () => {
    await seedScaleData(db(), {
      stores: 15,
      categories: 10,
      deals: 300,
      coupons: 120,
      gifts: 0,
      guides: 0,
      clicks: 0,
      prices: 0,
      candidates: 0,
      earnings: 0,
    });
    // Ends stored at any hour (the export writes the day) and schedules to the second.
    await db().execute(sql`UPDATE deals SET expires_at = now() + (random() * interval '9 days') WHERE random() < 0.3`);
    await db().execute(
      sql`UPDATE coupons SET valid_until = now() + interval '3 days 5 hours 7 minutes' WHERE random() < 0.3`,
    );
    for (const type of [dealType, contentType("coupon"), storeType]) {
      const csv = await exported(type);
      const before = await audits();
      const report = await importing(type, csv);
      expect(report.counts, type.key).toEqual({ create: 0, update: 0, unchanged: rowsOf(csv).length, refuse: 0 });
      expect(await audits()).toBe(before);
    }
  });

  it("shows every line's outcome in a dry run and writes nothing", async () => {
    const store = await createValid(db(), storeType, { name: "Gadget Hub", slug: "gadget-hub" });
    const csv = [
      DEAL_HEADER,
      "Desk Lamp,gadget-hub,19.99,Bright,https://x.example/l.png,https://x.example/l,published",
      "No Price,Gadget Hub,,Oops,https://x.example/n.png,https://x.example/n,draft",
      "Mystery,nowhere,5,Hm,https://x.example/m.png,https://x.example/m,draft",
    ].join("\n");
    const before = await audits();
    const report = await importing(dealType, csv, true);
    expect(report.counts).toEqual({ create: 1, update: 0, unchanged: 0, refuse: 2 });
    expect(report.lines).toEqual([
      { line: 2, action: "create", title: "Desk Lamp" },
      { line: 3, action: "refuse", title: "No Price", reason: "currentPrice: Current price is required" },
      { line: 4, action: "refuse", title: "Mystery", reason: 'store: "nowhere" not found (use its slug or name).' },
    ]);
    expect(await audits()).toBe(before);
    expect((await db().select({ n: count() }).from(deals))[0]!.n).toBe(0);
    expect(store.id).toBeTruthy();
  });

  it("imports the good lines, skips the bad one, and audits each change with the batch", async () => {
    await createValid(db(), storeType, { name: "Gadget Hub", slug: "gadget-hub" });
    const csv = [
      DEAL_HEADER,
      "Desk Lamp,gadget-hub,19.99,Bright,https://x.example/l.png,https://x.example/l,published",
      "Bad Price,gadget-hub,-3,Oops,https://x.example/n.png,https://x.example/n,draft",
      "Floor Lamp,Gadget Hub,49,Tall,https://x.example/f.png,https://x.example/f,draft",
    ].join("\n");
    const report = await importing(dealType, csv);
    expect(report.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 1 });
    const saved = await db()
      .select({ title: deals.title, status: deals.status, price: deals.currentPrice })
      .from(deals);
    expect(saved.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: "Desk Lamp", status: "published", price: 19.99 },
      { title: "Floor Lamp", status: "draft", price: 49 },
    ]);
    const batches = new Set(
      (await db().select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.entity, "deal"))).map(
        (row) => row.detail?.import,
      ),
    );
    expect(batches.size).toBe(1);
    expect([...batches][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("updates by id, by ASIN, then by slug; columns the file leaves out keep their values", async () => {
    const store = await createValid(db(), storeType, { name: "Gadget Hub", slug: "gadget-hub" });
    const byAsin = await createValid(db(), dealType, {
      storeId: store.id,
      title: "Old Name",
      amazonAsin: "B0TEST0001",
      notes: "keep me",
    });
    const bySlug = await createValid(db(), dealType, { storeId: store.id, title: "Slugged", slug: "slugged-deal" });
    const csv = ["amazonAsin,slug,title,currentPrice", "b0test0001,,New Name,80", ",slugged-deal,Slugged,55"].join(
      "\n",
    );
    const report = await importing(dealType, csv);
    expect(report.counts).toEqual({ create: 0, update: 2, unchanged: 0, refuse: 0 });
    const [asinRow] = await db().select().from(deals).where(eq(deals.id, byAsin.id));
    expect(asinRow).toMatchObject({ title: "New Name", notes: "keep me", amazonAsin: "B0TEST0001", storeId: store.id });
    const [slugRow] = await db().select().from(deals).where(eq(deals.id, bySlug.id));
    expect(slugRow).toMatchObject({ currentPrice: 55, title: "Slugged" });
  });

  it("refuses a second line for the same row, and a slug another row has", async () => {
    const store = await createValid(db(), storeType, { name: "Gadget Hub", slug: "gadget-hub" });
    const taken = await createValid(db(), dealType, { storeId: store.id, slug: "taken" });
    const other = await createValid(db(), dealType, { storeId: store.id, slug: "other" });
    const third = await createValid(db(), dealType, { storeId: store.id, slug: "third" });
    const line = (id: string, slug: string, title: string) =>
      `${id},${slug},${title},gadget-hub,9,Nice,https://x.example/i.png,https://x.example/i`;
    const csv = [
      "id,slug,title,store,currentPrice,shortDescription,imageUrl,affiliateUrl",
      line(other.id, "other", "One"),
      line(other.id, "other", "Two"),
      line(third.id, "taken", "Three"),
      line("", "fresh", "Four"),
      line("", "fresh", "Five"),
    ].join("\n");
    const report = await importing(dealType, csv, true);
    expect(report.lines.map((line) => [line.action, line.reason])).toEqual([
      ["update", undefined],
      ["refuse", "Same deal as line 2."],
      ["refuse", 'slug: Slug already in use ("taken").'],
      ["create", undefined],
      ["refuse", `slug: "fresh" is also line 5's.`],
    ]);
    expect(taken.id).toBeTruthy();
  });

  it("leaves a store's API configuration alone", async () => {
    const [store] = await db()
      .insert(stores)
      .values({ name: "Shopify Shop", slug: "shopify-shop", apiType: "shopify", apiConfig: { token: "secret-token" } })
      .returning();
    const report = await importing(storeType, "slug,name\nshopify-shop,Shopify Shop Renamed");
    expect(report.counts.update).toBe(1);
    const [row] = await db().select().from(stores).where(eq(stores.id, store!.id));
    expect(row).toMatchObject({
      name: "Shopify Shop Renamed",
      apiType: "shopify",
      apiConfig: { token: "secret-token" },
    });
  });

  it("reads a spreadsheet's own words: column names, prices with signs, and says what is wrong in them", async () => {
    const store = await createValid(db(), storeType, { name: "Gadget Hub", slug: "gadget-hub" });
    const lamp = await createValid(db(), dealType, {
      storeId: store.id,
      title: "Desk Lamp",
      slug: "desk-lamp",
      currentPrice: 80,
      status: "draft",
    });
    const csv = [
      "Title,Slug,Store,Current price,Short description,Image URL,Affiliate URL,Status",
      'Big TV,,Gadget Hub,"$1,099.99",Huge,https://x.example/t.png,https://x.example/t,published',
      "Cheap Thing,,gadget-hub,abc,Oops,https://x.example/c.png,https://x.example/c,draft",
      "Typo Status,,gadget-hub,5,Hm,https://x.example/s.png,https://x.example/s,Publishd",
      `Desk Lamp,desk-lamp,gadget-hub,$74.50,${lamp.shortDescription},${lamp.imageUrl},${lamp.affiliateUrl},published`,
    ].join("\n");
    const report = await importing(dealType, csv, true);
    expect(report.counts).toEqual({ create: 1, update: 1, unchanged: 0, refuse: 2 });
    expect(report.lines).toEqual([
      { line: 2, action: "create", title: "Big TV" },
      { line: 3, action: "refuse", title: "Cheap Thing", reason: "Current price: Enter a number" },
      { line: 4, action: "refuse", title: "Typo Status", reason: "Status: Choose one of: draft, published, archived" },
      {
        line: 5,
        action: "update",
        title: "Desk Lamp",
        changes: [
          { column: "Current price", before: "80", after: "$74.50" },
          { column: "Status", before: "draft", after: "published" },
        ],
      },
    ]);
    // The refused lines come back as the file had them, each with its problem.
    expect(rowsOf(report.refusedCsv!)).toEqual([
      expect.objectContaining({
        Title: "Cheap Thing",
        "Current price": "abc",
        Problem: "Current price: Enter a number",
      }),
      expect.objectContaining({
        Title: "Typo Status",
        Status: "Publishd",
        Problem: "Status: Choose one of: draft, published, archived",
      }),
    ]);
    await importing(dealType, csv);
    const [tv] = await db().select().from(deals).where(eq(deals.title, "Big TV"));
    expect(tv).toMatchObject({ currentPrice: 1099.99, status: "published" });
  });

  it("resumes a coupon import cut off part-way: a re-run finds the coupons it made by store and code, or title", async () => {
    const store = await createValid(db(), storeType, { name: "Resume Mart", slug: "resume-mart" });
    const line = (n: number) =>
      `Resume coupon ${n},Save on everything,resume-mart,${n % 3 === 0 ? "" : `CODE${n}`},percentage,${5 + (n % 40)},published`;
    const lines = Array.from({ length: 600 }, (_, n) => line(n));
    const header = "title,description,store,couponCode,discountType,discountValue,status";
    const couponsOfStore = async () =>
      (await db().select({ n: count() }).from(coupons).where(eq(coupons.storeId, store.id)))[0]!.n;
    // The first run stopped after 250 lines were written.
    await importing(contentType("coupon"), [header, ...lines.slice(0, 250)].join("\n"));
    expect(await couponsOfStore()).toBe(250);
    // The dry run of the whole file says what a re-run will do, before it does it.
    const preview = await importing(contentType("coupon"), [header, ...lines].join("\n"), true);
    expect(preview.counts).toEqual({ create: 350, update: 0, unchanged: 250, refuse: 0 });
    const rerun = await importing(contentType("coupon"), [header, ...lines].join("\n"));
    expect(rerun.counts).toEqual({ create: 350, update: 0, unchanged: 250, refuse: 0 });
    expect(await couponsOfStore()).toBe(600);
  });

  it("says what is wrong with a file it cannot use", async () => {
    await expect(importing(dealType, "colour,size\nred,XL")).rejects.toThrow(
      /None of the file's columns is one we know/,
    );
    await expect(importing(dealType, 'title\n"unterminated')).rejects.toThrow(/not CSV we can read/);
    await expect(importing(dealType, `title\nFine\n"${"x".repeat(2_000_100)}`)).rejects.toThrow(
      "Line 3 is longer than 2,000,000 characters: is a quote left open?",
    );
  });
});
