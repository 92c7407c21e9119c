import { and, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { auditLog } from "#app/db/schema";
import { faces } from "#app/modules/catalogue/faces";
import { adminPathOf, entityOf, titleCase } from "#app/modules/content-types/words";

import { ACTIVITY_PAGE_SIZE, type ActivityView, NO_PERSON } from "./activity";
import { activityColumns } from "./audit.server";

// Admin → Activity: the audit log, newest first, a page at a time by its last row, filtered by person,
// type and action. Each filter is served by its own index (db/schema/audit.ts), so a page costs the same at
// a million rows whoever, whatever and whichever it asks for.

/**
 * The types the filter offers, with the entity names their rows carry: a content type's rows name it by its
 * noun (`gift_idea`) and, from Needs attention, by its key (`gift`).
 */
export const activityTypes = [
  ...faces.map((face) => ({
    value: face.key,
    label: titleCase(face.noun.many),
    entities: [...new Set([entityOf(face), face.key])],
    path: adminPathOf(face),
  })),
  { value: "user", label: "Users", entities: ["user", "invitation"], path: null },
  { value: "settings", label: "Settings", entities: ["amazon_settings", "site-settings"], path: null },
];

const newestFirst = [sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`];

function conditionOf(view: ActivityView): SQL | undefined {
  const before = view.before;
  return and(
    view.person === NO_PERSON ? isNull(auditLog.actorId) : view.person ? eq(auditLog.actorId, view.person) : undefined,
    view.action ? eq(auditLog.action, view.action) : undefined,
    // The stored time to the microsecond, as the page before read it: a Date would round it to milliseconds.
    before
      ? or(
          sql`${auditLog.createdAt} < ${before.at}::timestamptz`,
          and(sql`${auditLog.createdAt} = ${before.at}::timestamptz`, lt(auditLog.id, before.id)),
        )
      : undefined,
  );
}

export interface ActivityRow {
  id: string;
  action: string;
  actorEmail: string | null;
  entity: string | null;
  entityId: string | null;
  detail: Record<string, unknown> | null;
  createdAt: Date;
  /** The item's admin page, for a content type's row. */
  href: string | null;
  /** Its revisions, at the one this row saved when it kept one. */
  revisionsHref: string | null;
}

/** One page of the view, and where the next starts (null on the last). */
export async function activityPage(
  db: Executor,
  view: ActivityView,
): Promise<{ rows: ActivityRow[]; next: ActivityView["before"] }> {
  const type = activityTypes.find((candidate) => candidate.value === view.type);
  const read = (entity: string | null) =>
    db
      .select({
        ...activityColumns,
        at: sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(auditLog)
      .where(and(conditionOf(view), entity === null ? undefined : eq(auditLog.entity, entity)))
      .orderBy(...newestFirst)
      .limit(ACTIVITY_PAGE_SIZE + 1);
  // A type of two entity names reads each off its index and merges the pages.
  const pages = await Promise.all(type ? type.entities.map(read) : [read(null)]);
  const merged = pages
    .flat()
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
    .slice(0, ACTIVITY_PAGE_SIZE + 1);
  const page = merged.slice(0, ACTIVITY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map(({ at: _at, ...row }) => ({ ...row, ...hrefsOf(row) })),
    next: merged.length > ACTIVITY_PAGE_SIZE && last ? { at: last.at, id: last.id } : null,
  };
}

function hrefsOf(row: {
  action: string;
  entity: string | null;
  entityId: string | null;
  detail: Record<string, unknown> | null;
}): Pick<ActivityRow, "href" | "revisionsHref"> {
  const type = activityTypes.find((candidate) => candidate.path && candidate.entities.includes(row.entity ?? ""));
  if (!row.entityId || row.action === "delete" || !type?.path) return { href: null, revisionsHref: null };
  const revision = typeof row.detail?.revision === "string" ? `#revision-${row.detail.revision}` : "";
  return {
    href: `${type.path}/edit/${row.entityId}`,
    revisionsHref: ["create", "update"].includes(row.action)
      ? `${type.path}/revisions/${row.entityId}${revision}`
      : null,
  };
}
