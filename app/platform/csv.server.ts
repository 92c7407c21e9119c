import { stringify } from "csv-stringify/sync";

// Every CSV the admin downloads is written here: with a byte-order mark (spreadsheets then read UTF-8), and
// no cell a spreadsheet would run as a formula. Cells come from anyone (a click's Referer, a subscriber's
// address, a feed's title), so the rule is the writer's, not each export's.

export const CSV_BOM = "\uFEFF";

/** Cells a spreadsheet would run as a formula (OWASP's list) get a leading apostrophe; import takes it off. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const escapeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const unescapeFormula = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

/** A number is ours and written as it is (a negative change stays a number); text is escaped. */
type Cell = string | number;

/** One CSV line, ending in a line break. */
export const csvLine = (cells: Cell[]) =>
  stringify([cells.map((cell) => (typeof cell === "number" ? String(cell) : escapeFormula(cell)))]);

/** Lines of cells, the first of a file starting with the byte-order mark. */
export const csvLines = (rows: Cell[][], { first = false } = {}) => (first ? CSV_BOM : "") + rows.map(csvLine).join("");

/** A CSV download: never kept by a cache on the way. */
export function csvDownload(body: string | ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
