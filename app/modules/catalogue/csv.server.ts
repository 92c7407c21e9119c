import { and, getTableColumns, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { keysetWalk } from "#app/db/keyset";
import { toDateInput, toDateTimeInput } from "#app/lib/dates";
import type { AnyContentType, Reference } from "#app/modules/content-types/content-type";
import type { ListParams } from "#app/modules/content-types/list-params";
import { isScheduleField } from "#app/modules/content-types/schedule";
import { csvLines } from "#app/platform/csv.server";

import { listWhere, refParamOf, sortOf } from "./admin-list.server";
import { contentType } from "./registry.server";

// A type's rows as CSV, in the shape its import reads back: the form's fields (references by the other
// row's slug), one header per field, written by the site's one CSV writer (platform/csv.server.ts).

const EXPORT_BATCH = 1000;

/**
 * A CSV column: its header (words a spreadsheet user reads: "Current price"), the name an import also
 * accepts for it (the form field's, or the reference's URL parameter: "currentPrice", "store"), and the
 * form field (and reference, for ids shown as slugs) it carries.
 */
export interface CsvColumn {
  header: string;
  key: string;
  field: string;
  reference?: Reference;
}

const ACRONYMS = new Set(["id", "url", "asin", "seo", "api"]);

/** An acronym in capitals, its plural too ("ids" → "IDs"); null for any other word. */
function acronymOf(word: string): string | null {
  if (ACRONYMS.has(word)) return word.toUpperCase();
  const singular = word.slice(0, -1);
  return word.endsWith("s") && ACRONYMS.has(singular) ? `${singular.toUpperCase()}s` : null;
}

/** A field's name in words: "currentPrice" → "Current price", "amazonAsin" → "Amazon ASIN", "clickIdsOff" → "Click IDs off". */
export function columnLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(" ");
  return words
    .map((word, index) => acronymOf(word) ?? (index === 0 ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(" ");
}

/** The CSV's columns for a type: the id, then its form fields in order. */
export function csvColumnsOf(type: AnyContentType): CsvColumn[] {
  const csv = type.csv!;
  const fields = Object.keys(csv.fields.shape).filter((field) => !csv.omit?.includes(field));
  return [
    { header: "ID", key: "id", field: "id" },
    ...fields.map((field) => {
      const reference = type.references?.find((candidate) => candidate.field === field);
      const key = reference ? refParamOf(reference) : field;
      return { header: columnLabel(key), key, field, ...(reference ? { reference } : {}) };
    }),
  ];
}

/** A stored value as the form (and so the CSV) writes it. */
export function cellOf(value: unknown, field: string): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return isScheduleField(field) ? toDateTimeInput(value) : toDateInput(value);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** The slugs of the rows a batch refers to, by reference field and id. */
async function referencedSlugs(
  type: AnyContentType,
  db: Executor,
  rows: Array<Record<string, unknown>>,
): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  await Promise.all(
    (type.references ?? []).map(async (reference) => {
      const ids = [
        ...new Set(rows.map((row) => row[reference.field]).filter((id): id is string => typeof id === "string")),
      ];
      if (ids.length === 0) return;
      const target = contentType(reference.to);
      const slug = (target.table as unknown as Record<string, AnyPgColumn>).slug!;
      const found = await db
        .select({ id: target.table.id, slug })
        .from(target.table)
        .where(inArray(target.table.id, ids));
      for (const row of found) slugs.set(`${reference.field}:${String(row.id)}`, String(row.slug));
    }),
  );
  return slugs;
}

/** One stored row as CSV cells by column key. */
export function csvCells(
  columns: CsvColumn[],
  row: Record<string, unknown>,
  slugs: Map<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    columns.map((column) => {
      const value = row[column.field];
      return [
        column.key,
        column.reference
          ? typeof value === "string"
            ? (slugs.get(`${column.field}:${value}`) ?? "")
            : ""
          : cellOf(value, column.field),
      ];
    }),
  );
}

/** Cells by column key for stored rows, with references as slugs: what the export writes and import compares. */
export async function csvRows(
  type: AnyContentType,
  db: Executor,
  rows: Array<Record<string, unknown>>,
): Promise<Array<Record<string, string>>> {
  const columns = csvColumnsOf(type);
  const slugs = await referencedSlugs(type, db, rows);
  return rows.map((row) => csvCells(columns, row, slugs));
}

/** The header line alone, with the byte-order mark: a file to start an import from. */
export const csvTemplate = (type: AnyContentType) =>
  csvLines([csvColumnsOf(type).map((column) => column.header)], { first: true });

/**
 * Every row a list view matches, as a CSV stream read a thousand rows at a time, each batch after the last
 * (keyset), so a hundred thousand rows never sit in memory at once and a million are not read over and over.
 */
export function exportCsv(type: AnyContentType, db: Executor, params: ListParams): ReadableStream<Uint8Array> {
  const columns = csvColumnsOf(type);
  const where = listWhere(type, params);
  const { by, dir } = sortOf(type, params);
  const walk = keysetWalk(by, type.table.id, dir);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvTemplate(type)));
    },
    async pull(controller) {
      const after = walk.next();
      if (!after) return controller.close();
      const batch = (await db
        .select({ ...getTableColumns(type.table as PgTable), sortValue: by })
        .from(type.table as PgTable)
        .where(and(where, after))
        .orderBy(...walk.orderBy)
        .limit(EXPORT_BATCH)) as Array<Record<string, unknown> & { id: string; sortValue: unknown }>;
      walk.advance(batch, EXPORT_BATCH);
      const cells = await csvRows(type, db, batch);
      if (cells.length > 0)
        controller.enqueue(encoder.encode(csvLines(cells.map((row) => columns.map((column) => row[column.key]!)))));
    },
  });
}
