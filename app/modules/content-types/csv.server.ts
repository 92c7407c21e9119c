import { asc, desc, inArray } from "drizzle-orm";
import { isScheduleField } from "./schedule";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { stringify } from "csv-stringify/sync";
import type { Executor } from "#app/db/client.server";
import { toDateInput, toDateTimeInput } from "#app/lib/dates";
import { listWhere, refParamOf, sortOf } from "./admin-list.server";
import type { AnyContentType, Reference } from "./content-type";
import type { ListParams } from "./list-params";
import { contentType } from "./registry.server";

// A type's rows as CSV, in the shape its import reads back: the form's fields (references by the other
// row's slug), one header per field. Spreadsheets open it as UTF-8 (byte-order mark) and never run a cell
// as a formula.

const BOM = "\uFEFF";
const EXPORT_BATCH = 1000;

/** Cells a spreadsheet would run as a formula (OWASP's list) get a leading apostrophe; import takes it off. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const escapeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const unescapeFormula = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** A CSV column: its header, and the form field (and reference, for ids shown as slugs) it carries. */
export interface CsvColumn {
  header: string;
  field: string;
  reference?: Reference;
}

/** The CSV's columns for a type: the id, then its form fields in order. */
export function csvColumnsOf(type: AnyContentType): CsvColumn[] {
  const csv = type.csv!;
  const fields = Object.keys(csv.fields.shape).filter((field) => !csv.omit?.includes(field));
  return [
    { header: "id", field: "id" },
    ...fields.map((field) => {
      const reference = type.references?.find((candidate) => candidate.field === field);
      return reference ? { header: refParamOf(reference), field, reference } : { header: field, field };
    }),
  ];
}

/** A stored value as the form (and so the CSV) writes it. */
function cellOf(value: unknown, field: string): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return isScheduleField(field) ? toDateTimeInput(value) : toDateInput(value);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** The slugs of the rows a batch refers to, by reference field and id. */
async function referencedSlugs(type: AnyContentType, db: Executor, rows: Array<Record<string, unknown>>): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  await Promise.all(
    (type.references ?? []).map(async (reference) => {
      const ids = [...new Set(rows.map((row) => row[reference.field]).filter((id): id is string => typeof id === "string"))];
      if (ids.length === 0) return;
      const target = contentType(reference.to);
      const slug = (target.table as unknown as Record<string, AnyPgColumn>).slug!;
      const found = await db.select({ id: target.table.id, slug }).from(target.table).where(inArray(target.table.id, ids));
      for (const row of found) slugs.set(`${reference.field}:${String(row.id)}`, String(row.slug));
    }),
  );
  return slugs;
}

/** One stored row as CSV cells by header. */
export function csvCells(columns: CsvColumn[], row: Record<string, unknown>, slugs: Map<string, string>): Record<string, string> {
  return Object.fromEntries(
    columns.map((column) => {
      const value = row[column.field];
      return [column.header, column.reference ? (typeof value === "string" ? (slugs.get(`${column.field}:${value}`) ?? "") : "") : cellOf(value, column.field)];
    }),
  );
}

/** Cells by header for stored rows, with references as slugs: what the export writes and import compares. */
export async function csvRows(type: AnyContentType, db: Executor, rows: Array<Record<string, unknown>>): Promise<Array<Record<string, string>>> {
  const columns = csvColumnsOf(type);
  const slugs = await referencedSlugs(type, db, rows);
  return rows.map((row) => csvCells(columns, row, slugs));
}

const line = (cells: string[]) => stringify([cells.map(escapeFormula)]);

/**
 * Every row a list view matches, as a CSV stream read a thousand rows at a time, so a hundred thousand
 * rows never sit in memory at once.
 */
export function exportCsv(type: AnyContentType, db: Executor, params: ListParams): ReadableStream<Uint8Array> {
  const columns = csvColumnsOf(type);
  const where = listWhere(type, params);
  const { by, dir } = sortOf(type, params);
  const direction = dir === "asc" ? asc : desc;
  const encoder = new TextEncoder();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + line(columns.map((column) => column.header))));
    },
    async pull(controller) {
      const batch = (await db
        .select()
        .from(type.table as PgTable)
        .where(where)
        .orderBy(direction(by), direction(type.table.id))
        .limit(EXPORT_BATCH)
        .offset(offset)) as Array<Record<string, unknown>>;
      offset += batch.length;
      const cells = await csvRows(type, db, batch);
      if (cells.length > 0) controller.enqueue(encoder.encode(cells.map((row) => line(columns.map((column) => row[column.header]!))).join("")));
      if (batch.length < EXPORT_BATCH) controller.close();
    },
  });
}
