import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";

import { IMPORT_TOO_LARGE } from "#app/lib/csv-import-report";

import { ImportFileError } from "./csv-import.server";

// An import's file as it arrives. The browser gzips it on the way (a 100,000-deal export is 30 MB, about
// 7 MB gzipped); a script may send it as it is. It is read in slices, only as fast as the import takes them,
// so progress can say how far through the file the import is; and it is cut off past MAX_CSV_BYTES
// unpacked, so a small upload cannot unpack into gigabytes.

export const MAX_CSV_BYTES = 512 * 1024 * 1024;
const SLICE_BYTES = 64 * 1024;
const UNPACKED_PIECE_BYTES = 1024 * 1024;

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
