import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

// `npm run backup [-- --to <folder>]`: the whole database into one file (in DATA_DIR/backups unless named),
// while the site runs. PostgreSQL (DATABASE_URL) is read directly, at one moment; the embedded database is
// the running server's alone, so the server is asked to write it (over loopback, signed with the app
// secret), or, when no server runs, it is opened here.
const { values } = parseArgs({ options: { to: { type: "string" } } });

const [{ DataDirLockedError }, { openDatabase }, { targetFromEnv }, backups, requests, secrets, envs, counts] =
  await Promise.all([
    import("../app/db/data-dir-lock.server"),
    import("../app/db/client.server"),
    import("../app/db/database.server"),
    import("../app/modules/backups/backup.server"),
    import("../app/modules/backups/backup-request.server"),
    import("../app/platform/app-secret.server"),
    import("../app/platform/env.server"),
    import("../app/lib/counts"),
  ]);
type Made = Awaited<ReturnType<typeof backups.backUp>>;

const env = envs.getEnv();
const folder = path.resolve(values.to ?? backups.defaultBackupFolder(env));

/** "Backing up clicks… 120,000 rows", rewritten in place. */
const progress = ({ table, rows }: { table: string; rows: number }) =>
  process.stdout.write(`\rBacking up ${table}… ${counts.fullCountLabel(rows, "row", "rows")}\u001b[K`);

function report(made: Made) {
  const mb = (made.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write("\r\u001b[K");
  console.log(
    `Backed up ${counts.fullCountLabel(made.rows, "row", "rows")} (schema ${made.header.schema.count}) in ` +
      `${made.seconds.toFixed(1)} s: ${made.file} (${mb} MB)`,
  );
  console.log(
    "Its secrets stay encrypted: restoring them needs this site's app secret (APP_SECRET or DATA_DIR/app-secret).",
  );
}

/** Asks the server running on DATA_DIR to write the backup, showing its progress. */
async function askTheServer(): Promise<Made> {
  const token = requests.backupRequestToken(secrets.resolveAppSecret(env));
  const response = await fetch(`http://127.0.0.1:${env.PORT}/internal/backup`, {
    method: "POST",
    headers: { [requests.BACKUP_REQUEST_HEADER]: token, "content-type": "application/json" },
    body: JSON.stringify({ folder }),
  }).catch((error: unknown) => {
    throw new Error(`The server holding ${env.DATA_DIR} did not answer on port ${env.PORT} (${String(error)}).`);
  });
  if (!response.ok || !response.body)
    throw new Error(`The server holding ${env.DATA_DIR} refused the backup (${response.status}): is PORT its own?`);
  let buffered = "";
  for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      const message = JSON.parse(line) as { progress?: { table: string; rows: number }; done?: Made; error?: string };
      if (message.progress) progress(message.progress);
      if (message.error) throw new Error(message.error);
      if (message.done) return message.done;
    }
  }
  throw new Error("The server stopped before the backup was written.");
}

try {
  const target = targetFromEnv(env);
  if (target.kind === "pglite" && !fs.existsSync(path.join(target.dataDir, "PG_VERSION")))
    throw new Error(`there is no database in ${target.dataDir} (DATA_DIR) to back up.`);
  let made: Made;
  try {
    const handle = await openDatabase(target);
    try {
      made = await backups.backUp(handle, folder, progress);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    made = await askTheServer();
  }
  report(made);
} catch (error) {
  process.stdout.write("\r\u001b[K");
  console.error(`No backup was made: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
