import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

import type { LineSink } from "./backup-export.server";
import { BACKUP_EXTENSION, backupFileName, type BackupHeader, isControlLine, PARTIAL_EXTENSION } from "./backup-format";

// A backup file on disk: written as `<random>.partial`, flushed to the disk, then renamed to its final name
// in one step, so a process killed mid-way leaves a `.partial` file, never one that looks complete.

const CHUNK_CHARS = 1 << 20;

export interface WrittenBackup {
  file: string;
  bytes: number;
}

/** Writes the lines `produce` gives into a new backup file in `folder`; returns where it is and its size. */
export async function writeBackupFile(
  folder: string,
  produce: (write: LineSink) => Promise<{ header: BackupHeader }>,
): Promise<WrittenBackup> {
  await fs.promises.mkdir(folder, { recursive: true });
  const partial = path.join(folder, `dealdash-${randomBytes(6).toString("hex")}${PARTIAL_EXTENSION}`);
  const gzip = zlib.createGzip({ level: 1 });
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  try {
    // Lines are gathered into chunks of a megabyte: a write per row (millions of them) costs the zlib
    // stream more than the compression.
    let chunk: string[] = [];
    let size = 0;
    const flush = async () => {
      const ready = chunk.join("");
      chunk = [];
      size = 0;
      if (!gzip.write(ready)) await once(gzip, "drain");
    };
    const write: LineSink = async (line) => {
      chunk.push(line, "\n");
      size += line.length + 1;
      if (size >= CHUNK_CHARS) await flush();
    };
    const { header } = await produce(write);
    await flush();
    gzip.end();
    await written;
    // On the disk before it is given its final name: a crash after the rename finds the whole file.
    const handle = await fs.promises.open(partial, "r+");
    await handle.sync();
    await handle.close();
    const file = path.join(folder, backupFileName(header));
    await fs.promises.rename(partial, file);
    return { file, bytes: (await fs.promises.stat(file)).size };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/** A backup file's lines, one at a time (unpacked as read: a large backup is never in memory whole). */
export function backupLines(file: string): AsyncIterable<string> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  return readline.createInterface({ input, crlfDelay: Infinity });
}

/** Thrown for a file that is not a whole DealDash backup. */
export class NotABackup extends Error {}

/**
 * Reads a whole backup file once, before anything is changed: its header, and that it ends with the line
 * saying it is complete (a backup cut off by a crash, or any other file, is refused).
 */
export async function checkBackupFile(file: string): Promise<BackupHeader> {
  if (!file.endsWith(BACKUP_EXTENSION))
    throw new NotABackup(`${path.basename(file)} is not a DealDash backup (*${BACKUP_EXTENSION}).`);
  let header: BackupHeader | undefined;
  let last = "";
  try {
    for await (const line of backupLines(file)) {
      if (!header) {
        const first = JSON.parse(line) as BackupHeader;
        if (first["@"] !== "dealdash-backup") throw new NotABackup(`${path.basename(file)} is not a DealDash backup.`);
        header = first;
      }
      if (isControlLine(line)) last = line;
    }
  } catch (error) {
    if (error instanceof NotABackup) throw error;
    throw new NotABackup(`${path.basename(file)} cannot be read as a DealDash backup (${(error as Error).message}).`);
  }
  if (!header) throw new NotABackup(`${path.basename(file)} is empty.`);
  if (!last.startsWith('{"@":"complete"'))
    throw new NotABackup(`${path.basename(file)} is incomplete: the backup that wrote it did not finish.`);
  return header;
}
