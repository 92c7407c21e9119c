import { and, asc, eq, ilike, notInArray, type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { containsPattern, databaseName, startsWithPattern } from "#app/db/sql-text";
import { isUuid } from "#app/lib/uuid";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { referenceColumn, titleColumnOf } from "#app/modules/content-types/words";

import { contentType } from "./registry.server";

// What a combobox offers when a form or a filter refers to another type's row (a deal's store, a
// category's parent): a few matches by name, searched in the database, never the whole table.

export interface ChoiceOption {
  id: string;
  label: string;
}

const OPTION_LIMIT = 20;

/** The subtree under `id` (itself included) of a type that refers to itself, as an id subquery. */
function subtreeOf(type: AnyContentType, id: string): SQL | undefined {
  const self = type.references?.find((reference) => reference.to === type.key);
  if (!self) return undefined;
  const parent = sql.identifier(databaseName(referenceColumn(type, self).name));
  return sql`(WITH RECURSIVE tree(id) AS (
      SELECT ${id}::uuid UNION SELECT child.id FROM ${type.table} AS child JOIN tree ON child.${parent} = tree.id)
    SELECT id FROM tree)`;
}

/**
 * Rows of a type whose name contains `q`, names that start with it first, then alphabetical. `exclude`
 * leaves out a row and, for a type that nests (categories), everything under it: the choices of a parent.
 */
export async function searchOptions(
  type: AnyContentType,
  db: Executor,
  q: string,
  options: { exclude?: string } = {},
): Promise<ChoiceOption[]> {
  const name = titleColumnOf(type);
  const text = q.replaceAll("\0", "").trim().slice(0, 100);
  const excluded = options.exclude
    ? (subtreeOf(type, options.exclude) ?? sql`(SELECT ${options.exclude}::uuid)`)
    : undefined;
  const rows = await db
    .select({ id: type.table.id, label: name })
    .from(type.table)
    .where(
      and(
        text ? ilike(name, containsPattern(text)) : undefined,
        excluded ? notInArray(type.table.id, excluded) : undefined,
      ),
    )
    .orderBy(...(text ? [sql`${name} ILIKE ${startsWithPattern(text)} DESC`] : []), asc(name), asc(type.table.id))
    .limit(OPTION_LIMIT);
  return rows.map((row) => ({ id: String(row.id), label: String(row.label) }));
}

/** The rows a stored record points at, by field, for its form's comboboxes (`{ storeId: { id, label } }`). */
export async function referencedOptions(
  type: AnyContentType,
  db: Executor,
  row: Record<string, unknown>,
): Promise<Record<string, ChoiceOption | null>> {
  const entries = await Promise.all(
    (type.references ?? []).map(async (reference) => {
      const id = row[reference.field];
      // A new form's values (a sourcing candidate's: a tip names no store) may point at nothing yet.
      if (!isUuid(id)) return [reference.field, null] as const;
      const target = contentType(reference.to);
      const [found] = await db
        .select({ label: titleColumnOf(target) })
        .from(target.table)
        .where(eq(target.table.id, id));
      return [reference.field, { id, label: found ? String(found.label) : "Unknown" }] as const;
    }),
  );
  return Object.fromEntries(entries);
}
