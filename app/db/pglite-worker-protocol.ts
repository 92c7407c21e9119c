// Messages between the HTTP thread and the embedded database's thread (pglite-worker.ts).

export type WorkerRequest =
  | { id: number; type: "query"; sql: string; params: unknown[]; rowMode: "array" | "object" }
  /** Several statements, no parameters; answers the last one's result. */
  | { id: number; type: "exec"; sql: string }
  | { id: number; type: "listen"; channel: string }
  /** A copy of the database's files at this moment, into `target` (a backup reads it while the site goes on). */
  | { id: number; type: "copy"; target: string }
  | { id: number; type: "close" };

export interface QueryResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** A database error's message and PostgreSQL fields (code, constraint, …): what callers inspect. */
export type WorkerError = Record<string, unknown> & { message: string };

export type WorkerReply =
  | { id: number; ok: true; value: QueryResult | null }
  | { id: number; ok: false; error: WorkerError }
  | { type: "notify"; channel: string; payload: string }
  | { type: "ready" }
  | { type: "failed"; error: WorkerError };
