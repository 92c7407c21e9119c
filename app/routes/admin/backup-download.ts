import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import { data } from "react-router";

import { defaultBackupFolder } from "#app/modules/backups/backup.server";
import { isBackupFileName } from "#app/modules/backups/backup-format";
import { backupFolderOf, readBackupSettings } from "#app/modules/backups/backup-schedule.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/backup-download";

// A backup file from the backups folder, for the owner (Admin → Background jobs): only a name a backup is
// given, in that folder, streamed as it is read.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const folder = backupFolderOf(await readBackupSettings(context.db), defaultBackupFolder(context.env));
  const file = path.join(folder, params.name);
  if (!isBackupFileName(params.name) || !fs.existsSync(file)) throw data("No such backup", { status: 404 });
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(fs.statSync(file).size),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
