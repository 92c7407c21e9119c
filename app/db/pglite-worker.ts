import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

import { PGlite, types } from "@electric-sql/pglite";

import { pgliteOptions } from "./pglite-options";
import type { WorkerError, WorkerReply, WorkerRequest } from "./pglite-worker-protocol";

// The embedded database in a thread of its own (started by pglite-worker-client.server.ts): a slow query
// here never stops the HTTP thread. It answers one request at a time, in order; the client makes
// transactions exclusive.

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };

// Dates and intervals come back as PostgreSQL's text, as Drizzle's own PGlite session asks for.
const keepText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

function errorOf(error: unknown): WorkerError {
  const source = (error ?? {}) as Record<string, unknown>;
  const copy: WorkerError = { message: error instanceof Error ? error.message : String(error) };
  for (const key of [
    "code",
    "detail",
    "hint",
    "constraint",
    "table",
    "column",
    "schema",
    "severity",
    "position",
    "where",
  ]) {
    if (typeof source[key] === "string") copy[key] = source[key];
  }
  return copy;
}

const reply = (message: WorkerReply) => port.postMessage(message);

/** A data directory's entries that are the database's own (not the lock, the app secret or backups). */
const isDatabaseFile = (name: string) =>
  name === "PG_VERSION" || name === "base" || name === "global" || /^(pg_|postgresql|postmaster)/.test(name);

/**
 * Copies the database's files at this moment: written out by a checkpoint, then copied while this thread,
 * the database's only writer, does nothing else (requests wait in its queue for the seconds it takes).
 */
async function copyDatabaseFiles(db: PGlite, from: string, target: string) {
  await db.query("CHECKPOINT");
  await fs.promises.mkdir(target, { recursive: true });
  for (const name of await fs.promises.readdir(from)) {
    if (isDatabaseFile(name)) await fs.promises.cp(path.join(from, name), path.join(target, name), { recursive: true });
  }
}

try {
  const db = await PGlite.create({ dataDir, ...pgliteOptions() });
  let queue = Promise.resolve();
  port.on("message", (request: WorkerRequest) => {
    queue = queue.then(async () => {
      try {
        switch (request.type) {
          case "query": {
            const result = await db.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
            reply({
              id: request.id,
              ok: true,
              value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
            });
            break;
          }
          case "exec": {
            const result = (await db.exec(request.sql, { parsers })).at(-1);
            reply({
              id: request.id,
              ok: true,
              value: { rows: result?.rows ?? [], fields: result?.fields ?? [], affectedRows: result?.affectedRows },
            });
            break;
          }
          case "listen":
            await db.listen(request.channel, (payload) => reply({ type: "notify", channel: request.channel, payload }));
            reply({ id: request.id, ok: true, value: null });
            break;
          case "copy":
            await copyDatabaseFiles(db, dataDir, request.target);
            reply({ id: request.id, ok: true, value: null });
            break;
          case "close":
            await db.close();
            reply({ id: request.id, ok: true, value: null });
            port.close();
            break;
        }
      } catch (error) {
        reply({ id: request.id, ok: false, error: errorOf(error) });
      }
    });
  });
  reply({ type: "ready" });
} catch (error) {
  reply({ type: "failed", error: errorOf(error) });
}
