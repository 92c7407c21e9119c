import { getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deals } from "#app/db/schema";
import { seedScaleData } from "#app/db/seed/scale-data.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { readListParams } from "#app/modules/content-types/list-params";

import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { queryAdminList, refFiltersOf, sortKeyOf } from "./admin-list.server";
import { searchOptions } from "./options.server";
import { contentType, contentTypes } from "./registry.server";

// The admin lists at a few thousand rows: every sort pages through every row exactly once, and search
// and filters pick exactly the rows a plain reading of the table says they should.

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedScaleData(db(), {
    stores: 60,
    categories: 30,
    deals: 2500,
    coupons: 600,
    gifts: 150,
    guides: 60,
    clicks: 0,
    prices: 0,
    candidates: 0,
    earnings: 0,
  });
});
afterAll(() => database.close());

const paramsFor = (type: AnyContentType, query: string) =>
  readListParams(
    new URLSearchParams(query),
    refFiltersOf(type).map((filter) => filter.param),
  );

/** Every row a view shows, page by page, with the ids in the order shown. */
async function walk(type: AnyContentType, query: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const result = await queryAdminList(type, db(), { ...paramsFor(type, query), page, size: 100 });
    total = result.total;
    if (result.page !== page) break;
    ids.push(...result.rows.map((row) => row.id));
    if (page >= result.pageCount) break;
  }
  return { ids, total };
}

/** The rows of a type as plain objects, read straight from the table. */
async function everyRow(type: AnyContentType): Promise<Array<Record<string, unknown>>> {
  return (await db().select(getTableColumns(type.table)).from(type.table)) as Array<Record<string, unknown>>;
}

const sorts = contentTypes.flatMap((type) =>
  type.admin.columns
    .filter((column) => column.sort)
    .flatMap((column) =>
      (["asc", "desc"] as const).map((dir) => [`${type.key} by ${column.heading} ${dir}`, type, column, dir] as const),
    ),
);

describe("paging", () => {
  it.each(sorts)("%s: every row once, in order", async (_name, type, column, dir) => {
    const rows = await everyRow(type);
    const { ids, total } = await walk(type, `sort=${sortKeyOf(column)}&dir=${dir}`);
    expect(total).toBe(rows.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(rows.length);
    // The order the database promised: the column (nulls as PostgreSQL places them), then the id.
    const byId = new Map(rows.map((row) => [row.id as string, row]));
    const key = (id: string) => byId.get(id)![column.sort!.by.name as string];
    const sign = dir === "asc" ? 1 : -1;
    for (let i = 1; i < ids.length; i++) {
      const [a, b] = [key(ids[i - 1]!), key(ids[i]!)];
      if (a === null || b === null) continue;
      const left = a instanceof Date ? a.getTime() : a;
      const right = b instanceof Date ? b.getTime() : b;
      if (typeof left === "string" && typeof right === "string") continue; // collation order is the database's
      expect(sign * ((left as number) - (right as number)), `${String(a)} then ${String(b)}`).toBeLessThanOrEqual(0);
    }
  });

  it("shows the last page for a page past the end", async () => {
    const type = contentType("coupon");
    const result = await queryAdminList(type, db(), { ...paramsFor(type, ""), page: 9999 });
    expect(result.page).toBe(result.pageCount);
    expect(result.rows.length).toBeGreaterThan(0);
  });

  it("reads nonsense in the URL as the default view", () => {
    const params = paramsFor(
      contentType("deal"),
      "page=-3&size=7&status=gone&store=not-a-uuid&sort=Robert'); DROP&dir=up&q=%00x",
    );
    expect(params).toEqual({ ...paramsFor(contentType("deal"), ""), q: "x" });
  });
});

describe("search and filters", () => {
  const type = contentType("deal");
  const now = Date.now();

  it.each([
    [
      "a word of the title",
      "q=ninja",
      (row: Record<string, unknown>) => String(row.title).toLowerCase().includes("ninja"),
    ],
    [
      "published, featured",
      "status=published&featured=yes",
      (row: Record<string, unknown>) => row.status === "published" && row.featured === true,
    ],
    [
      "drafts that are expired",
      "status=draft&state=expired",
      (row: Record<string, unknown>) =>
        row.status === "draft" && row.expiresAt !== null && (row.expiresAt as Date).getTime() < now,
    ],
    [
      "live and not featured",
      "state=live&featured=no",
      (row: Record<string, unknown>) =>
        row.featured === false && (row.expiresAt === null || (row.expiresAt as Date).getTime() >= now),
    ],
  ])("%s", async (_name, query, expected) => {
    const rows = await everyRow(type);
    const { ids, total } = await walk(type, query);
    const want = rows.filter(expected).map((row) => row.id);
    expect(want.length).toBeGreaterThan(0);
    expect(total).toBe(want.length);
    expect(new Set(ids)).toEqual(new Set(want));
  });

  it("combines a search with a store and a category", async () => {
    const rows = await everyRow(type);
    const sample = rows.find((row) => row.categoryId !== null && String(row.title).startsWith("Sony"))!;
    const query = `q=sony&store=${String(sample.storeId)}&category=${String(sample.categoryId)}`;
    const want = rows.filter(
      (row) =>
        String(row.title).toLowerCase().includes("sony") &&
        row.storeId === sample.storeId &&
        row.categoryId === sample.categoryId,
    );
    const { ids } = await walk(type, query);
    expect(new Set(ids)).toEqual(new Set(want.map((row) => row.id)));
  });

  it("finds a deal by its exact slug or ASIN, in either case", async () => {
    const [row] = await db()
      .select({ id: deals.id, slug: deals.slug, asin: deals.amazonAsin })
      .from(deals)
      .where(sql`${deals.amazonAsin} is not null`)
      .limit(1);
    expect((await walk(type, `q=${row!.slug.toUpperCase()}`)).ids).toEqual([row!.id]);
    expect((await walk(type, `q=${row!.asin!.toLowerCase()}`)).ids).toEqual([row!.id]);
  });

  it("matches % and _ literally", async () => {
    expect((await walk(type, "q=%25")).total).toBe(0);
    expect((await walk(type, "q=_")).total).toBe(0);
  });

  it("finds coupons by code and tells scheduled from expired", async () => {
    const coupons = contentType("coupon");
    const rows = await everyRow(coupons);
    const withCode = rows.find((row) => row.couponCode)!;
    const byCode = await walk(coupons, `q=${String(withCode.couponCode).toLowerCase()}`);
    expect(byCode.ids).toContain(withCode.id);
    const scheduled = rows.filter((row) => row.validFrom !== null && (row.validFrom as Date).getTime() > now);
    expect(scheduled.length).toBeGreaterThan(0);
    expect(new Set((await walk(coupons, "state=scheduled")).ids)).toEqual(new Set(scheduled.map((row) => row.id)));
  });
});

describe("combobox options", () => {
  it("offers at most twenty matches, names starting with the text first", async () => {
    const options = await searchOptions(contentType("store"), db(), "an");
    expect(options.length).toBeLessThanOrEqual(20);
    const starts = options.map((option) => option.label.toLowerCase().startsWith("an"));
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((value) => !value)).toBe(true);
    expect(options.every((option) => option.label.toLowerCase().includes("an"))).toBe(true);
  });

  it("never offers a category, or anything under it, as its own parent", async () => {
    const categories = contentType("category");
    const rows = await everyRow(categories);
    const parent = rows.find((row) => rows.some((child) => child.parentId === row.id))!;
    const child = rows.find((row) => row.parentId === parent.id)!;
    const offered = async (name: unknown, exclude?: string) =>
      (await searchOptions(categories, db(), String(name), { exclude })).map((option) => option.id);
    expect(await offered(parent.name)).toContain(parent.id);
    expect(await offered(child.name)).toContain(child.id);
    expect(await offered(parent.name, String(parent.id))).not.toContain(parent.id);
    expect(await offered(child.name, String(parent.id))).not.toContain(child.id);
    expect(await offered(parent.name, String(child.id))).toContain(parent.id);
  });
});
