import { and, asc, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { segmentOf } from "#app/modules/content-types/words";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

import { contentTypes } from "./registry.server";

// The sitemap is an index of files: one for the site's own pages, and as many per content type as its
// live pages need (`deals-1.xml`, `deals-2.xml`…), each row in one file only (files split the type's rows
// in id order).

/** The protocol allows 50,000 URLs a file; 10,000 keep a file near 1 MB, rendered in about 0.1 s and small enough for the page cache. */
export const URLS_PER_SITEMAP = 10_000;

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

export interface SitemapFile {
  name: string;
  lastmod: Date | null;
  /** The first id of a type's file (none for the first: it starts at the beginning). */
  from: string | null;
  /** The next file's first id, where this one stops. */
  before: string | null;
}

const typesWithPages = () => contentTypes.filter((type) => type.publicPath);

function lastChangeOf(type: AnyContentType): SQL<Date | string> {
  const columns = type.lastChangedBy ?? [type.table.updatedAt];
  return columns.length === 1 ? sql`${columns[0]}` : sql`greatest(${sql.join(columns, sql`, `)})`;
}

const toDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);

/**
 * The files of the sitemap index: the site's pages, then each type's live pages in files of `perFile`, each
 * file the rows from its first id to the next file's. Numbering every live row of each type takes about
 * 55 ms at 100,000 deals, so the answer is kept until content changes (a scheduled row going live counts:
 * the page cache's timer empties the kept reads too); a file then reads its own range off the primary key,
 * where skipping the rows before it (OFFSET) took most of a second deep into a million deals.
 */
export const sitemapFiles = keptUntilContentChanges(
  async (db: Executor, perFile: number = URLS_PER_SITEMAP): Promise<SitemapFile[]> => {
    const perType = await Promise.all(
      typesWithPages().map(async (type) => {
        // One pass: each live row's place in id order, and the type's latest change over them all.
        const numbered = db
          .select({
            id: type.table.id,
            n: sql<number>`row_number() over (order by ${type.table.id})`.as("n"),
            lastmod: sql<Date | string | null>`max(${lastChangeOf(type)}) over ()`.as("lastmod"),
          })
          .from(publicRows(type, { live: true }))
          .where(type.inSitemapWhen?.())
          .as("numbered");
        const starts = await db
          .select({ id: numbered.id, lastmod: numbered.lastmod })
          .from(numbered)
          .where(sql`(${numbered.n} - 1) % ${perFile} = 0`)
          .orderBy(asc(numbered.id));
        return starts.map((start, i) => ({
          name: `${segmentOf(type)}-${i + 1}`,
          lastmod: toDate(start.lastmod),
          // The first file starts at the beginning, so a row added since the numbering is not left out.
          from: i === 0 ? null : (start.id as string),
          before: (starts[i + 1]?.id as string | undefined) ?? null,
        }));
      }),
    );
    const content = perType.flat();
    const newest = Math.max(0, ...content.map((file) => file.lastmod?.getTime() ?? 0));
    return [{ name: "pages", lastmod: newest ? new Date(newest) : null, from: null, before: null }, ...content];
  },
);

/** The live pages of one content type's sitemap file (`deals-2`), or null when there is no such file. */
export async function sitemapFileEntries(
  db: Executor,
  name: string,
  perFile = URLS_PER_SITEMAP,
): Promise<SitemapEntry[] | null> {
  const match = /^([a-z-]+)-[1-9]\d{0,5}$/.exec(name);
  const type = match && typesWithPages().find((candidate) => segmentOf(candidate) === match[1]);
  const file = type && (await sitemapFiles(db, perFile)).find((candidate) => candidate.name === name);
  if (!type || !file) return null;
  const table = type.table as typeof type.table & { slug: AnyPgColumn };
  const rows = (await db
    .select({ slug: table.slug, lastmod: lastChangeOf(type) })
    .from(publicRows(type, { live: true }))
    .where(
      and(
        type.inSitemapWhen?.(),
        file.from ? gte(type.table.id, file.from) : undefined,
        file.before ? lt(type.table.id, file.before) : undefined,
      ),
    )
    .orderBy(asc(type.table.id))
    .limit(perFile)) as Array<{ slug: string; lastmod: Date | string | null }>;
  return rows.map((row) => ({ path: type.publicPath!(row), lastmod: toDate(row.lastmod) }));
}
