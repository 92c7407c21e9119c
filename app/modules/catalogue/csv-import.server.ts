import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Database, Executor } from "#app/db/client.server";
import type { Actor } from "#app/lib/actor";
import type { ImportChange, ImportLine, ImportReport } from "#app/lib/csv-import-report";
import { plainNumber } from "#app/lib/money";
import { isUuid } from "#app/lib/uuid";
import { finishChangeBatch, openChangeBatch } from "#app/modules/content-types/change-batches.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { titleColumnOf } from "#app/modules/content-types/words";
import { writePricesAs } from "#app/modules/price-history/price-history.server";
import { unescapeFormula } from "#app/platform/csv.server";
import { type CsvCells, csvLineChunks, ImportFileError } from "#app/platform/csv-upload.server";
import { ImportReportWriter } from "#app/platform/import-report.server";

import { type CsvColumn, csvColumnsOf, csvRows } from "./csv.server";
import { saveContent } from "./mutations.server";
import { contentType } from "./registry.server";

// CSV import: the export's columns back in. Each line is checked by the type's own form schema, finds
// the row it updates by id (then by ASIN or slug), and is created, updated, left unchanged or refused
// with the reason. A dry run writes nothing; the real run commits a few hundred lines at a time, each
// line on its own (a refused line never takes good ones with it), every change audited with the batch.
// The file is read as it arrives, a chunk of lines at a time, never whole (ADR 0034).

const CHUNK = 250;

type Cells = CsvCells;

/** A file's header line: its columns, and each known field's name in the file. */
interface CsvHeader {
  headers: string[];
  found: Array<{ header: string; column: CsvColumn }>;
  /** The file's name for a field ("currentPrice" or "Current price"), for messages in the file's words. */
  named: Map<string, string>;
}

function headerOf(headers: string[], columns: CsvColumn[]): CsvHeader {
  // A column is known by its header ("Current price") or its field's name ("currentPrice"), in any case.
  const known = new Map(
    columns.flatMap((column) => [column.header, column.key].map((name) => [name.toLowerCase(), column] as const)),
  );
  const named = new Map<string, string>();
  const found = headers.flatMap((header) => {
    const column = known.get(header.toLowerCase());
    if (!column || named.has(column.field)) return [];
    named.set(column.field, header);
    return [{ header, column }];
  });
  if (found.length === 0) {
    throw new ImportFileError(
      `None of the file's columns is one we know. Use the export's columns: ${columns.map((column) => column.header).join(", ")}.`,
    );
  }
  return { headers, found, named };
}

const clean = (cell: unknown) => unescapeFormula(String(cell ?? "").replaceAll("\0", ""));

/** A chunk's lines by our columns' keys. */
const recordsOf = (header: CsvHeader, lines: Cells[]): Cells[] =>
  lines.map((line) =>
    Object.fromEntries(header.found.map(({ header: name, column }) => [column.key, clean(line[name])])),
  );

/** Referenced rows by their slug or name, lower-cased, for each reference column the file has. */
async function referenceIndex(
  db: Executor,
  columns: CsvColumn[],
  records: Cells[],
): Promise<Map<string, Map<string, string[]>>> {
  const index = new Map<string, Map<string, string[]>>();
  for (const column of columns.filter((candidate) => candidate.reference)) {
    const names = [
      ...new Set(
        records
          .map((record) => record[column.key]?.trim().toLowerCase())
          .filter((name): name is string => Boolean(name)),
      ),
    ];
    const byName = new Map<string, string[]>();
    index.set(column.key, byName);
    if (names.length === 0) continue;
    const target = contentType(column.reference!.to);
    const slug = (target.table as unknown as Record<string, AnyPgColumn>).slug!;
    const name = titleColumnOf(target);
    for (let start = 0; start < names.length; start += 1000) {
      const part = names.slice(start, start + 1000);
      const rows = await db
        .select({ id: target.table.id, slug, name })
        .from(target.table)
        .where(or(inArray(sql`lower(${slug})`, part), inArray(sql`lower(${name})`, part)));
      for (const row of rows) {
        for (const key of new Set([String(row.slug).toLowerCase(), String(row.name).toLowerCase()]))
          byName.set(key, [...(byName.get(key) ?? []), String(row.id)]);
      }
    }
  }
  return index;
}

/** What a form field holds, under its optional and default wrappers. */
function fieldKind(type: AnyContentType, field: string): string {
  let inner = type.csv!.fields.shape[field] as unknown as { _zod: { def: { type: string; innerType?: unknown } } };
  while (inner._zod.def.innerType) inner = inner._zod.def.innerType as typeof inner;
  return inner._zod.def.type;
}

const TRUE = new Set(["true", "yes", "y", "1", "on"]);

/** A type's import keys, each as the columns that find a row together. */
const importKeysOf = (type: AnyContentType) =>
  (type.csv!.importBy ?? []).map((key) => (Array.isArray(key) ? key : [key]));

/**
 * A line's values for one import key, as stored (a reference's cell resolved to the row it names; ASINs and
 * slugs in the spellings they may be stored in), or null when a cell is empty or names no single row.
 */
function keyValues(
  key: AnyPgColumn[],
  columns: CsvColumn[],
  record: Cells,
  refs: Map<string, Map<string, string[]>>,
): string[][] | null {
  const values: string[][] = [];
  for (const by of key) {
    const column = columns.find((candidate) => candidate.field === by.name);
    const cell = column ? record[column.key]?.trim() : undefined;
    if (!column || !cell) return null;
    if (column.reference) {
      const found = refs.get(column.key)?.get(cell.toLowerCase()) ?? [];
      if (found.length !== 1) return null;
      values.push(found);
    } else values.push(key.length === 1 ? [...new Set([cell, cell.toLowerCase(), cell.toUpperCase()])] : [cell]);
  }
  return values;
}

/** The stored rows a chunk of lines may update: by id, then by each import key's values. */
async function existingRows(
  type: AnyContentType,
  db: Executor,
  columns: CsvColumn[],
  records: Cells[],
  refs: Map<string, Map<string, string[]>>,
) {
  const ids = records.map((record) => record.id?.trim()).filter(isUuid);
  const conditions: Array<SQL | undefined> = [ids.length > 0 ? inArray(type.table.id, ids) : undefined];
  for (const key of importKeysOf(type)) {
    const lines = records
      .map((record) => keyValues(key, columns, record, refs))
      .filter((values): values is string[][] => values !== null);
    if (lines.length === 0) continue;
    if (key.length === 1) conditions.push(inArray(key[0]!, [...new Set(lines.flatMap((values) => values[0]!))]));
    // Columns that find a row together: one condition per line (a chunk is a few hundred lines).
    else conditions.push(or(...lines.map((values) => and(...key.map((by, index) => eq(by, values[index]![0]!))))));
  }
  const where = or(...conditions);
  if (!where) return [];
  return (await db
    .select()
    .from(type.table as PgTable)
    .where(where)) as Array<Record<string, unknown>>;
}

/** Whether a file's cell says what the stored row's (as the export writes it) says. */
function sameCell(kind: string, before: string, after: string): boolean {
  if (kind === "boolean") return TRUE.has(before.toLowerCase()) === TRUE.has(after.toLowerCase());
  if (kind === "number") {
    const [was, is] = [plainNumber(before), plainNumber(after)];
    return was !== null && is !== null ? Number(was) === Number(is) : before === after;
  }
  if (kind === "array") {
    const items = (cell: string) =>
      cell
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
        .join(",");
    return items(before) === items(after);
  }
  return before === after;
}

/**
 * The cells a line changes in the row it matches, compared as the export writes the row: an export read
 * back unchanged changes nothing (a deal's end is a day, whatever hour it was stored at).
 */
function changesOf(
  type: AnyContentType,
  file: CsvHeader,
  columns: CsvColumn[],
  record: Cells,
  match: Match,
  form: FormData,
): ImportChange[] {
  return columns.flatMap((column) => {
    if (column.field === "id" || !(column.key in record)) return [];
    const after = record[column.key]!.trim();
    const before = match.cells[column.key] ?? "";
    const same = column.reference
      ? String(form.get(column.field) ?? "") === String(match.row[column.field] ?? "")
      : sameCell(fieldKind(type, column.field), before, after);
    return same ? [] : [{ column: file.named.get(column.field) ?? column.header, before, after }];
  });
}

interface Planned {
  line: ImportLine;
  id?: string;
  value?: unknown;
  /** The final slug of a line that writes, for types with slugs. */
  slug?: string;
}

type Match = { row: Record<string, unknown>; cells: Cells };

/** A line's form data: the file's cells over the stored row's (columns the file leaves out keep their values). */
function formOf(
  type: AnyContentType,
  file: CsvHeader,
  columns: CsvColumn[],
  record: Cells,
  match: Match | undefined,
  refs: Map<string, Map<string, string[]>>,
): FormData | string {
  const cells: Cells = { ...match?.cells, ...record };
  const form = new FormData();
  for (const column of columns) {
    const cell = cells[column.key]?.trim() ?? "";
    if (column.field === "id" || !cell) continue;
    const kind = fieldKind(type, column.field);
    if (column.reference && match && cell === match.cells[column.key]) {
      form.set(column.field, String(match.row[column.field]));
    } else if (column.reference) {
      const found = refs.get(column.key)?.get(cell.toLowerCase()) ?? [];
      const header = file.named.get(column.field) ?? column.header;
      if (found.length === 0) return `${header}: "${cell}" not found (use its slug or name).`;
      if (found.length > 1) return `${header}: "${cell}" names several; use its slug.`;
      form.set(column.field, found[0]!);
    } else if (kind === "boolean") {
      if (TRUE.has(cell.toLowerCase())) form.set(column.field, "on");
    } else {
      // "$1,099.99" is a price; what is no number at all is left for the form's message.
      form.set(column.field, kind === "number" ? (plainNumber(cell) ?? cell) : cell);
    }
  }
  return form;
}

/** The stored row a line means: its id, else the first import key (ASIN, slug; a coupon's store and code) that finds one. */
function matchOf(
  type: AnyContentType,
  columns: CsvColumn[],
  record: Cells,
  stored: Map<string, Match>,
  refs: Map<string, Map<string, string[]>>,
): Match | undefined {
  const id = record.id?.trim().toLowerCase();
  if (id) return stored.get(id);
  for (const key of importKeysOf(type)) {
    const values = keyValues(key, columns, record, refs);
    const found =
      values &&
      [...stored.values()].find(({ row }) =>
        key.every((by, index) => values[index]!.includes(String(row[by.name] ?? ""))),
      );
    if (found) return found;
  }
  return undefined;
}

/** A field's errors as a line's reason, in the file's words: "Current price: Enter a number". */
const reasonOf = (file: CsvHeader, columns: CsvColumn[], errors: Record<string, string[] | null | undefined>) =>
  Object.entries(errors)
    .map(
      ([field, messages]) =>
        `${file.named.get(field) ?? columns.find((column) => column.field === field)?.header ?? field}: ${(messages ?? []).join(", ")}`,
    )
    .join("; ");

/** What one line would do, given the stored row it means (if any). */
function planLine(
  type: AnyContentType,
  file: CsvHeader,
  columns: CsvColumn[],
  record: Cells,
  line: number,
  match: Match | undefined,
  refs: Map<string, Map<string, string[]>>,
  seen: Map<string, number>,
): Planned {
  const title = record[titleColumnOf(type).name]?.trim() || "(no title)";
  const refuse = (reason: string): Planned => ({ line: { line, action: "refuse", title, reason } });
  const id = record.id?.trim();
  if (id && !isUuid(id)) return refuse("The ID is not one of ours: leave it empty to create a new row.");
  if (id && !match) return refuse(`No ${type.noun.one} has this ID.`);
  if (match) {
    const earlier = seen.get(`id:${String(match.row.id)}`);
    if (earlier !== undefined) return refuse(`Same ${type.noun.one} as line ${earlier}.`);
    seen.set(`id:${String(match.row.id)}`, line);
  }
  const form = formOf(type, file, columns, record, match, refs);
  if (typeof form === "string") return refuse(form);
  const submission = parseWithZod(form, { schema: type.schema });
  if (submission.status !== "success") return refuse(reasonOf(file, columns, submission.reply().error ?? {}));
  const slug = (submission.value as { slug?: string }).slug;
  if (!match) return { line: { line, action: "create", title }, value: submission.value, slug };
  const changes = changesOf(type, file, columns, record, match, form);
  if (changes.length === 0) return { line: { line, action: "unchanged", title } };
  return { line: { line, action: "update", title, changes }, id: String(match.row.id), value: submission.value, slug };
}

/** Stored rows with their CSV cells, by id. */
async function matchesById(
  type: AnyContentType,
  db: Executor,
  rows: Array<Record<string, unknown>>,
): Promise<Map<string, Match>> {
  const cells = await csvRows(type, db, rows);
  return new Map(rows.map((row, index) => [String(row.id), { row, cells: cells[index]! }]));
}

/** What one chunk of lines would do, and the validated input for the lines that write. */
async function planChunk(
  type: AnyContentType,
  db: Executor,
  file: CsvHeader,
  columns: CsvColumn[],
  records: Cells[],
  firstLine: number,
  refs: Map<string, Map<string, string[]>>,
  seen: Map<string, number>,
): Promise<Planned[]> {
  const byId = await matchesById(type, db, await existingRows(type, db, columns, records, refs));
  let plans = records.map((record, index) =>
    planLine(type, file, columns, record, firstLine + index, matchOf(type, columns, record, byId, refs), refs, seen),
  );
  // A line without id or slug still means the row whose slug its title makes, where slugs find rows.
  const slugColumn = (type.table as unknown as Record<string, AnyPgColumn | undefined>).slug;
  const derived = plans.flatMap((plan, index) =>
    plan.line.action === "create" && plan.slug && !records[index]!.slug?.trim() ? [plan.slug] : [],
  );
  if (slugColumn && type.csv.importBy?.includes(slugColumn) && derived.length > 0) {
    const found = await matchesById(
      type,
      db,
      (await db
        .select()
        .from(type.table as PgTable)
        .where(inArray(slugColumn, derived))) as Array<Record<string, unknown>>,
    );
    const bySlug = new Map([...found.values()].map((match) => [String(match.row.slug), match]));
    plans = plans.map((plan, index) => {
      const match = plan.line.action === "create" && plan.slug ? bySlug.get(plan.slug) : undefined;
      return match ? planLine(type, file, columns, records[index]!, plan.line.line, match, refs, seen) : plan;
    });
  }
  return refuseTakenSlugs(type, db, file, plans, seen);
}

/** Lines whose slug another row has (in the database, or an earlier line of the file) are refused. */
async function refuseTakenSlugs(
  type: AnyContentType,
  db: Executor,
  file: CsvHeader,
  plans: Planned[],
  seen: Map<string, number>,
): Promise<Planned[]> {
  const slugColumn = (type.table as unknown as Record<string, AnyPgColumn | undefined>).slug;
  const slugs = [...new Set(plans.map((plan) => plan.slug).filter((slug): slug is string => Boolean(slug)))];
  if (!slugColumn || slugs.length === 0) return plans;
  const owners = new Map(
    (await db.select({ id: type.table.id, slug: slugColumn }).from(type.table).where(inArray(slugColumn, slugs))).map(
      (row) => [String(row.slug), String(row.id)],
    ),
  );
  return plans.map((plan) => {
    if (!plan.slug) return plan;
    const owner = owners.get(plan.slug);
    const earlier = seen.get(`slug:${plan.slug}`);
    if ((owner && owner !== plan.id) || earlier !== undefined) {
      const header = file.named.get("slug") ?? "Slug";
      const reason =
        earlier !== undefined
          ? `${header}: "${plan.slug}" is also line ${earlier}'s.`
          : `${header}: Slug already in use ("${plan.slug}").`;
      return { line: { ...plan.line, action: "refuse", reason } };
    }
    seen.set(`slug:${plan.slug}`, plan.line.line);
    return plan;
  });
}

/**
 * Reads a CSV of a type's rows as it arrives and reports, line by line, what it does; with `dryRun` nothing
 * is written. `onProgress` hears the lines done so far.
 */
export async function importCsv(
  type: AnyContentType,
  db: Database,
  actor: Actor,
  bytes: AsyncIterable<Uint8Array>,
  options: { dryRun: boolean; onProgress?: (done: number) => void },
): Promise<ImportReport> {
  const columns = csvColumnsOf(type);
  // The import's change batch: its audit rows name it, and webhooks tell of what it wrote once it ends.
  const batch = options.dryRun ? undefined : await openChangeBatch(db, "import");
  const report = new ImportReportWriter();
  const seen = new Map<string, number>();
  let header: CsvHeader | undefined;
  try {
    for await (const chunk of csvLineChunks(bytes, CHUNK)) {
      header ??= headerOf(chunk.headers, columns);
      const records = recordsOf(header, chunk.lines);
      const firstLine = report.startChunk(chunk);
      const note = (line: ImportLine) => report.note(line, chunk.lines[line.line - firstLine]);
      const refs = await referenceIndex(db, columns, records);
      const plans = await planChunk(type, db, header, columns, records, firstLine, refs, seen);
      if (!batch) plans.forEach((plan) => note(plan.line));
      else {
        // One transaction per chunk (others get the database between chunks); each line is a savepoint.
        await db.transaction(async (tx) => {
          await writePricesAs(tx, "import");
          for (const plan of plans) {
            if (plan.value === undefined) {
              note(plan.line);
              continue;
            }
            const saved = await saveContent(type, tx as unknown as Database, actor, plan.id, plan.value, {
              detail: { import: batch },
              keep: type.csv!.omit,
              batchId: batch,
            }).catch(() => null);
            if (saved?.ok) note(plan.line);
            else {
              const reason =
                saved && saved.reason === "invalid"
                  ? Object.entries(saved.fieldErrors)
                      .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
                      .join("; ")
                  : "Could not be saved.";
              note({ ...plan.line, action: "refuse", reason });
            }
          }
        });
      }
      options.onProgress?.(report.endChunk(chunk));
    }
  } finally {
    if (batch) await finishChangeBatch(db, batch);
  }
  return report.finish();
}
