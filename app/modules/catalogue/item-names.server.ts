import { inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { isUuid } from "#app/lib/uuid";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { adminPathOf, titleCase, titleColumnOf } from "#app/modules/content-types/words";

import { contentTypes } from "./registry.server";

// Names for rows met by id in reports and queues (clicks, votes): one query per table, never per row.

/** Names for ids, from one table's name or title column. */
export async function namesOf(
  db: Executor,
  table: PgTable & { id: AnyPgColumn },
  title: AnyPgColumn,
  ids: string[],
): Promise<Map<string, string>> {
  const uuids = [...new Set(ids.filter((id) => isUuid(id)))];
  if (uuids.length === 0) return new Map();
  const rows = await db.select({ id: table.id, label: title }).from(table).where(inArray(table.id, uuids));
  return new Map(rows.map((row) => [String(row.id), String(row.label)]));
}

export interface ItemName {
  label: string;
  /** The type's noun ("Deal"). */
  noun: string;
  /** The item's admin form. */
  href: string;
}

/** A type's noun by its key ("Deal" for `deal`, "Gift Idea" for `gift`); "Item" for a key no type has. */
export function nounOfKind(kind: string): string {
  const type = contentTypes.find((candidate: AnyContentType) => candidate.key === kind);
  return type ? titleCase(type.noun.one) : "Item";
}

/** Each item's title, type noun and admin page, keyed `kind:id`; items that no longer exist are left out. */
export async function itemNames(
  db: Executor,
  items: Array<{ kind: string; id: string }>,
): Promise<Map<string, ItemName>> {
  const names = new Map<string, ItemName>();
  await Promise.all(
    contentTypes.map(async (type: AnyContentType) => {
      const ids = items.filter((item) => item.kind === type.key).map((item) => item.id);
      if (ids.length === 0) return;
      for (const [id, label] of await namesOf(db, type.table, titleColumnOf(type), ids)) {
        names.set(`${type.key}:${id}`, {
          label,
          noun: titleCase(type.noun.one),
          href: `${adminPathOf(type)}/edit/${id}`,
        });
      }
    }),
  );
  return names;
}
