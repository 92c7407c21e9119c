import { type ImportLine, type ImportReport, REPORTED_LINES } from "#app/lib/csv-import-report";

import { csvLine, csvLines } from "./csv.server";
import { type CsvCells, type CsvLineChunk } from "./csv-upload.server";

/**
 * An import's report as its lines are decided: every outcome counted, the first REPORTED_LINES of each
 * kept, and the refused lines as the file had them with a Problem column, a file to fix and import again.
 */
export class ImportReportWriter {
  private readonly report: ImportReport = {
    counts: { create: 0, update: 0, unchanged: 0, refuse: 0 },
    lines: [],
    total: 0,
  };
  private headers: string[] = [];
  private readonly refused: string[] = [];

  /** The file line number of the chunk's first line (the header is line 1): call before noting its lines. */
  startChunk(chunk: CsvLineChunk): number {
    this.headers = chunk.headers;
    return this.report.total + (chunk.headerLine ?? 1) + 1;
  }

  /** One line's outcome; `cells`, the line as the file had it, goes into the refused-lines file. */
  note(line: ImportLine, cells: CsvCells | undefined) {
    this.report.counts[line.action] += 1;
    if (this.report.counts[line.action] <= REPORTED_LINES) this.report.lines.push(line);
    if (line.action === "refuse")
      this.refused.push(csvLine([...this.headers.map((name) => cells?.[name] ?? ""), line.reason ?? ""]));
  }

  /** The chunk's lines are all noted: returns how many lines the file has had so far. */
  endChunk(chunk: CsvLineChunk): number {
    this.report.total += chunk.lines.length;
    return this.report.total;
  }

  finish(notes: string[] = []): ImportReport {
    const refusedCsv =
      this.refused.length > 0
        ? csvLines([[...this.headers, "Problem"]], { first: true }) + this.refused.join("")
        : undefined;
    return { ...this.report, ...(refusedCsv ? { refusedCsv } : {}), ...(notes.length > 0 ? { notes } : {}) };
  }
}
