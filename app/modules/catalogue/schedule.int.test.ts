import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { readListParams } from "#app/modules/content-types/list-params";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { lifecycleOf, titleColumnOf } from "#app/modules/content-types/words";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { listWhere } from "./admin-list.server";
import { nextContentChange } from "./next-content-change.server";
import { contentTypes } from "./registry.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;
const scheduled = contentTypes.filter((type) => lifecycleOf(type)?.publishAt).map((type) => [type.key, type] as const);

/** A copy of the first published demo row (one with no end) with the given schedule; the caller deletes it. */
async function scheduledCopy(type: AnyContentType, schedule: { publishAt: Date | null; unpublishAt: Date | null }) {
  const [source] = (await db()
    .select()
    .from(type.table)
    .where(eq(lifecycleOf(type)!.status, "published"))
    .orderBy(asc(type.table.createdAt))
    .limit(1)) as Array<Record<string, unknown>>;
  const row: Record<string, unknown> = { ...source, ...schedule, [titleColumnOf(type).name]: `Scheduled ${type.key}` };
  for (const [key, column] of Object.entries(getTableColumns(type.table))) {
    if (column.generated || ["id", "createdAt", "updatedAt"].includes(key)) delete row[key];
  }
  if ("slug" in row) row.slug = `scheduled-${type.key}-${Date.now()}`;
  const [inserted] = (await db().insert(type.table).values(row).returning()) as Array<{ id: string }>;
  return inserted!.id;
}

const isPublicAt = async (type: AnyContentType, id: string, now: Date) => {
  const rows = publicRows(type, { now }) as unknown as AnyContentType["table"];
  return (await db().select({ id: rows.id }).from(rows).where(eq(rows.id, id))).length === 1;
};

describe.each(scheduled)("a scheduled %s", (_key, type) => {
  it("is public from its publish time until its unpublish time, to the millisecond", async () => {
    const publishAt = new Date(Date.now() + 3_600_000);
    const unpublishAt = new Date(publishAt.getTime() + 86_400_000);
    const id = await scheduledCopy(type, { publishAt, unpublishAt });
    try {
      const at = (ms: number) => isPublicAt(type, id, new Date(ms));
      expect(await at(publishAt.getTime() - 1)).toBe(false);
      expect(await at(publishAt.getTime())).toBe(true);
      expect(await at(unpublishAt.getTime() - 1)).toBe(true);
      expect(await at(unpublishAt.getTime())).toBe(false);
      // The page cache's timer is armed for the first of them.
      expect((await nextContentChange(db()))?.getTime()).toBeLessThanOrEqual(publishAt.getTime());
    } finally {
      await db().delete(type.table).where(eq(type.table.id, id));
    }
  });

  it("shows in the admin list's Scheduled view before its time and in Expired after its unpublish time", async () => {
    const hour = 3_600_000;
    const soon = await scheduledCopy(type, { publishAt: new Date(Date.now() + hour), unpublishAt: null });
    const gone = await scheduledCopy(type, { publishAt: null, unpublishAt: new Date(Date.now() - hour) });
    try {
      const idsIn = async (state: string) => {
        const where = listWhere(type, readListParams(new URLSearchParams({ state }), []));
        const rows = await db()
          .select({ id: type.table.id })
          .from(type.table)
          .where(and(where, sql`${type.table.id} in (${soon}, ${gone})`));
        return rows.map((row) => row.id);
      };
      expect(await idsIn("scheduled")).toEqual([soon]);
      expect(await idsIn("expired")).toEqual([gone]);
      expect(await idsIn("live")).toEqual([]);
    } finally {
      await db()
        .delete(type.table)
        .where(sql`${type.table.id} in (${soon}, ${gone})`);
    }
  });
});
