import { desc } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "#app/db/client.server";
import { publicRows } from "./public-read.server";
import { contentTypes } from "./registry.server";

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** The public page of every live row of every type that has one, newest change first. */
export async function contentSitemapEntries(db: Executor, limit: number): Promise<SitemapEntry[]> {
  const perType = await Promise.all(
    contentTypes
      .filter((type) => type.publicPath)
      .map(async (type) => {
        const table = type.table as typeof type.table & { slug: AnyPgColumn };
        const rows = (await db
          .select({ slug: table.slug, updatedAt: type.table.updatedAt })
          .from(publicRows(type, { live: true }))
          .orderBy(desc(type.table.updatedAt))
          .limit(limit)) as Array<{ slug: string; updatedAt: Date }>;
        return rows.map((row) => ({ path: type.publicPath!(row), lastmod: new Date(row.updatedAt) }));
      }),
  );
  return perType.flat();
}
