import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";

import { CsvError, parse } from "csv-parse";

import { formatCount } from "#app/lib/counts";
import { IMPORT_TOO_LARGE } from "#app/lib/csv-import-report";

// An import's file as it arrives, for every CSV import (content, earnings reports). The browser gzips it on
// the way (a 100,000-deal export is 30 MB, about 7 MB gzipped); a script may send it as it is. It is read in
// slices, only as fast as the import takes them, so progress can say how far through the file the import is;
// it is cut off past MAX_CSV_BYTES unpacked, so a small upload cannot unpack into gigabytes; and its lines
// come a chunk at a time, never the whole file at once (ADR 0034).

export const MAX_CSV_BYTES = 512 * 1024 * 1024;
const SLICE_BYTES = 64 * 1024;
const UNPACKED_PIECE_BYTES = 1024 * 1024;
/** The parser turns a whole piece of text into lines at once, however many: it is given 64 K characters at a time. */
const SLICE_CHARS = 64 * 1024;
/** One line is held whole while it is read: a buying guide's 200,000 characters fit, an open quote does not fill the memory. */
const MAX_LINE_CHARS = 2_000_000;

/** What is wrong with a file as a whole, in words for its owner: the import stops and says it. */
export class ImportFileError extends Error {}

export interface CsvUpload {
  /** The file's bytes, unpacked. */
  bytes: AsyncIterable<Uint8Array>;
  /** How far through the upload the reading is, from 0 to 1. */
  progress(): number;
}

/** The file a request body holds, sent as it is or with `Content-Encoding: gzip`. */
export function csvUpload(body: Uint8Array, contentEncoding: string | null): CsvUpload {
  const encoding = (contentEncoding ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") throw new ImportFileError("Send the file as it is or gzipped.");
  let offset = 0;
  function* slices() {
    for (; offset < body.length; offset += SLICE_BYTES) yield body.subarray(offset, offset + SLICE_BYTES);
  }
  // A Node stream, not DecompressionStream: zlib's stream takes input only as its output is read. Its
  // output comes in pieces of 1 MB rather than 16 KB: a file of hundreds of MB is a few hundred steps.
  const sent = Readable.from(slices());
  const unpacked: AsyncIterable<Uint8Array> =
    encoding === "gzip" ? sent.pipe(createGunzip({ chunkSize: UNPACKED_PIECE_BYTES })) : sent;
  async function* capped() {
    let size = 0;
    for await (const chunk of unpacked) {
      size += chunk.length;
      if (size > MAX_CSV_BYTES) throw new ImportFileError(IMPORT_TOO_LARGE);
      yield chunk;
    }
  }
  return { bytes: capped(), progress: () => (body.length === 0 ? 1 : Math.min(offset, body.length) / body.length) };
}

/** A line of a file, by its header's names. */
export type CsvCells = Record<string, string>;

/** Some lines of a file, as the file has them. */
export interface CsvLineChunk {
  /** The header line's names, trimmed. */
  headers: string[];
  lines: CsvCells[];
  /** The header's line number when title lines stand above it (1 otherwise). */
  headerLine?: number;
}

/** What went wrong reading a file, in words for its owner. */
function fileError(error: unknown): Error {
  if (error instanceof ImportFileError) return error;
  const code = (error as { code?: string }).code;
  if (code === "ERR_ENCODING_INVALID_ENCODED_DATA") {
    return new ImportFileError(
      'This file is not UTF-8 text, so its accented letters would be lost. Save it from your spreadsheet as "CSV UTF-8" and import it again.',
    );
  }
  if (error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE") {
    return new ImportFileError(
      `Line ${String(error.lines)} is longer than ${formatCount(MAX_LINE_CHARS)} characters: is a quote left open?`,
    );
  }
  if (error instanceof CsvError) return new ImportFileError(`This file is not CSV we can read: ${error.message}`);
  if (code?.startsWith("Z_")) return new ImportFileError("The file arrived damaged. Import it again.");
  return error as Error;
}

/** Bytes as UTF-8 text, in pieces of at most SLICE_CHARS. Bytes that are not UTF-8 are an error, not U+FFFD. */
async function* utf8Pieces(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const pieces = (text: string) =>
    Array.from({ length: Math.ceil(text.length / SLICE_CHARS) }, (_, n) =>
      text.slice(n * SLICE_CHARS, (n + 1) * SLICE_CHARS),
    );
  for await (const chunk of bytes) yield* pieces(decoder.decode(chunk, { stream: true }));
  yield* pieces(decoder.decode());
}

/**
 * A file's lines `size` at a time, read as its bytes come: a file of any length is never held whole. A file
 * that is not UTF-8 (a spreadsheet's "CSV" in Latin-1 or Windows-1252) is refused with what to do, rather
 * than read with its accented letters turned into U+FFFD and stored so.
 */
export async function* csvLineChunks(bytes: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<CsvLineChunk> {
  let headers: string[] = [];
  const parser = parse({
    columns: (first: string[]) => (headers = first.map((name) => name.trim())),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: false,
    max_record_size: MAX_LINE_CHARS,
  });
  const text = Readable.from(utf8Pieces(bytes));
  text.on("error", (error) => parser.destroy(error));
  text.pipe(parser);
  let lines: CsvCells[] = [];
  try {
    for await (const line of parser as AsyncIterable<CsvCells>) {
      lines.push(line);
      if (lines.length === size) {
        yield { headers, lines };
        lines = [];
      }
    }
  } catch (error) {
    throw fileError(error);
  } finally {
    text.destroy();
  }
  if (lines.length > 0) yield { headers, lines };
}
