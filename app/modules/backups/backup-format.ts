// A backup file: gzip of lines, each one JSON. The first is the header; then each table of the public
// schema as a line naming it and its columns, a line per row (the row as the database writes it as JSON),
// and a line with how many rows it had and their checksum; then the sequences; then a last line saying the
// file is complete. Lines about the file start with `{"@":`, which no row does (no column is named "@").

export const BACKUP_FORMAT = 1;
export const BACKUP_EXTENSION = ".dealdash-backup.gz";
/** What a backup being written is called until it is complete: nothing that looks finished. */
export const PARTIAL_EXTENSION = ".partial";

export interface BackupHeader {
  "@": "dealdash-backup";
  format: number;
  /** How many migrations its database had applied, and the last one's name. */
  schema: { count: number; last: string };
  createdAt: string;
  /** The database it was read from. */
  source: "pglite" | "postgres";
}

export interface TableStart {
  "@": "table";
  name: string;
  /** Its columns but the generated ones, which a restore computes again. */
  columns: string[];
}

export interface TableEnd {
  "@": "end";
  name: string;
  rows: number;
  /** The sum of the rows' hashes as the database writes it: equal rows, equal sum, whatever their order. */
  sum: string;
}

export interface SequencesLine {
  "@": "sequences";
  values: Array<{ name: string; value: string | null }>;
}

export interface BackupTrailer {
  "@": "complete";
  tables: number;
  rows: number;
}

export type ControlLine = BackupHeader | TableStart | TableEnd | SequencesLine | BackupTrailer;

export const isControlLine = (line: string) => line.startsWith('{"@":');

/** A backup's file name: the schema it holds and when it was made, `dealdash-s0059-20261127T040000.123Z…`. */
export function backupFileName(header: Pick<BackupHeader, "schema" | "createdAt">): string {
  const time = header.createdAt.replace(/[-:]/g, "");
  return `dealdash-s${String(header.schema.count).padStart(4, "0")}-${time}${BACKUP_EXTENSION}`;
}

/** Whether a name is one a backup file is given (and so one the admin may download by name). */
export const isBackupFileName = (name: string) =>
  /^dealdash-s\d{4}-\d{8}T\d{6}(\.\d{3})?Z\.dealdash-backup\.gz$/.test(name);
