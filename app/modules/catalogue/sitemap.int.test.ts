import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

import { deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { lifecycleOf } from "#app/modules/content-types/words";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { contentTypes } from "./registry.server";
import { sitemapFileEntries, sitemapFiles, URLS_PER_SITEMAP } from "./sitemap.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

/** Every live row's page, read straight from the tables: published, and not past its end. */
async function livePaths(): Promise<string[]> {
  const paths: string[] = [];
  for (const type of contentTypes.filter((candidate) => candidate.publicPath)) {
    const lifecycle = lifecycleOf(type);
    const table = type.table as typeof type.table & { slug: AnyPgColumn };
    const rows = (await db()
      .select({ slug: table.slug })
      .from(type.table)
      .where(
        sql`${lifecycle ? sql`${lifecycle.status} = 'published'` : sql`true`} and ${lifecycle?.endsAt ? sql`(${lifecycle.endsAt} is null or ${lifecycle.endsAt} >= now())` : sql`true`}`,
      )) as Array<{ slug: string }>;
    paths.push(...rows.map((row) => type.publicPath!(row)));
  }
  return paths.sort();
}

async function everyListedPath(perFile: number): Promise<string[]> {
  const files = await sitemapFiles(db(), perFile);
  const listed: string[] = [];
  for (const file of files.filter((candidate) => candidate.name !== "pages")) {
    const entries = await sitemapFileEntries(db(), file.name, perFile);
    expect(entries!.length).toBeLessThanOrEqual(perFile);
    listed.push(...entries!.map((entry) => entry.path));
  }
  return listed.sort();
}

describe("the sitemap index", () => {
  it("splits each type's live pages into files of the protocol's 50,000 URLs at most", async () => {
    expect(URLS_PER_SITEMAP).toBeLessThanOrEqual(50_000);
    const files = await sitemapFiles(db(), 2);
    const dealFiles = files.filter((file) => file.name.startsWith("deals-"));
    const liveDeals = (await livePaths()).filter((path) => path.startsWith("/deals/")).length;
    expect(dealFiles.map((file) => file.name)).toEqual(
      Array.from({ length: Math.ceil(liveDeals / 2) }, (_, i) => `deals-${i + 1}`),
    );
    expect(files[0]!.name).toBe("pages");
    expect(await sitemapFileEntries(db(), `deals-${dealFiles.length + 1}`, 2)).toBeNull();
    expect(await sitemapFileEntries(db(), "nothing-1", 2)).toBeNull();
  });

  it("lists exactly the live pages, each once, whatever the file size, with when each last changed", async () => {
    const [ended] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    await db()
      .update(deals)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(deals.id, ended!.id));
    // The server forgets kept reads when content changes (the page cache's signal).
    forgetContentMemos();
    try {
      const live = await livePaths();
      expect(live).not.toContain(`/deals/${ended!.slug}`);
      expect(live.some((path) => path.startsWith("/deals/"))).toBe(true);
      expect(await everyListedPath(3)).toEqual(live);
      expect(await everyListedPath(URLS_PER_SITEMAP)).toEqual(live);
      const [first] = (await sitemapFileEntries(db(), "deals-1"))!;
      expect(first!.lastmod).toBeInstanceOf(Date);
    } finally {
      await db().update(deals).set({ expiresAt: ended!.expiresAt }).where(eq(deals.id, ended!.id));
    }
  });

  it("dates a deal's entry by its last edit or price refresh, whichever is later", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const refreshed = new Date(Date.now() + 60_000);
    await db().update(deals).set({ priceUpdatedAt: refreshed }).where(eq(deals.id, deal!.id));
    const entries = await sitemapFileEntries(db(), "deals-1");
    expect(entries!.find((entry) => entry.path === `/deals/${deal!.slug}`)!.lastmod!.getTime()).toBe(
      refreshed.getTime(),
    );
  });
});
