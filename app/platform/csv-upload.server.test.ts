import { gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { IMPORT_TOO_LARGE } from "#app/lib/csv-import-report";

import { csvUpload, MAX_CSV_BYTES } from "./csv-upload.server";

async function read(bytes: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of bytes) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

describe("an uploaded CSV", () => {
  it("is unpacked when gzipped, and says how far through it the reading is", async () => {
    const csv = `Name,Slug\n${Array.from({ length: 200_000 }, (_, n) => `Store ${n},store-${n}`).join("\n")}\n`;
    const upload = csvUpload(gzipSync(csv, { level: 0 }), "gzip");
    expect(upload.progress()).toBe(0);
    const seen: number[] = [];
    let text = "";
    for await (const chunk of upload.bytes) {
      text += Buffer.from(chunk).toString();
      seen.push(upload.progress());
    }
    expect(text).toBe(csv);
    expect(seen.at(-1)).toBe(1);
    // Read in slices: progress moves between the first and the last.
    expect(seen.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
    expect(await read(csvUpload(Buffer.from(csv), null).bytes)).toBe(csv);
  });

  // Unpacking 512 MB takes a second, several on a busy machine.
  it("is cut off where it unpacks past the limit, however small it was sent", { timeout: 60_000 }, async () => {
    // Gzip members one after another unpack as one file: 513 of 1 MB each.
    const member = gzipSync(Buffer.alloc(1024 * 1024, "a"));
    const gzipped = Buffer.concat(Array.from({ length: MAX_CSV_BYTES / (1024 * 1024) + 1 }, () => member));
    expect(gzipped.length).toBeLessThan(2 * 1024 * 1024);
    await expect(read(csvUpload(gzipped, "gzip").bytes)).rejects.toThrow(IMPORT_TOO_LARGE);
  });

  it("is refused in an encoding it cannot unpack", () => {
    expect(() => csvUpload(Buffer.from("x"), "br")).toThrow("Send the file as it is or gzipped.");
  });
});
