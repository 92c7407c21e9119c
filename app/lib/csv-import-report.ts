// What a CSV import reports, written by the server (modules/catalogue/csv-import.server.ts) and shown by
// the import dialog.

/** A report lists the first this many lines of each outcome (the counts cover them all). */
export const REPORTED_LINES = 500;

/** Said when a file is past what one import reads (the upload's size, or what it unpacks to). */
export const IMPORT_TOO_LARGE = "This file is too large to import at once: split it into smaller files.";

export type ImportAction = "create" | "update" | "unchanged" | "refuse";

/** A cell an update changes, under the file's own column name. */
export interface ImportChange {
  column: string;
  before: string;
  after: string;
}

export interface ImportLine {
  /** The file's line number (the header is line 1). */
  line: number;
  action: ImportAction;
  title: string;
  reason?: string;
  changes?: ImportChange[];
}

export interface ImportReport {
  counts: Record<ImportAction, number>;
  /** The first few hundred lines of each outcome. */
  lines: ImportLine[];
  total: number;
  /** The refused lines as the file had them, with a Problem column: to fix and import again. */
  refusedCsv?: string;
  /** What else the owner should know of the file as a whole ("3 name no item of ours"). */
  notes?: string[];
}
