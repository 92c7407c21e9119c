import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

import { isBackgroundWork } from "./background-work.server";
import type { QueryResult, WorkerError, WorkerReply, WorkerRequest } from "./pglite-worker-protocol";
import { projectRoot } from "./project-root.server";

// The HTTP thread's side of the embedded database's thread (pglite-worker.ts): the surface Drizzle's
// PGlite driver uses (`query`, `transaction`) plus `listen`. Like PGlite itself, one statement or one
// whole transaction runs at a time; a query from outside a running transaction waits for its end.
// Waiting statements go in order, requests' before background work's (background-work.server.ts), with a
// background statement let through at least every FOREGROUND_BURST turns so a busy site still runs its jobs.

/** A thread working on queries for less than this is up; longer than this, a health check waits its turn. */
const BUSY_IS_ALIVE_MS = 30_000;
/** While background work waits, at most this many request statements go before one of its. */
const FOREGROUND_BURST = 8;

type Pending = { resolve: (value: QueryResult | null) => void; reject: (error: Error) => void };
type Distribute<T> = T extends unknown ? Omit<T, "id"> : never;
type QueryOptions = { rowMode?: "array" | "object" };
export interface QueryClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

/** A database error as the drivers throw it: a message and PostgreSQL's fields (code, constraint, …). */
function databaseError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error);
}

/**
 * The database thread: from the build, its own built file next to this bundle (plain JavaScript, quick to
 * load); from source (development, tests), the TypeScript module through tsx, registered by a two-line
 * script since a worker does not inherit the server's loader.
 */
function startThread(dataDir: string): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts"))
    return new Worker(path.join(path.dirname(here), "pglite-worker.js"), { workerData: { dataDir } });
  const root = projectRoot();
  const bootstrap = `import(${JSON.stringify(pathToFileURL(path.join(root, "node_modules/tsx/dist/esm/api/index.mjs")).href)})
    .then(({ tsImport }) => tsImport(${JSON.stringify(pathToFileURL(path.join(root, "app/db/pglite-worker.ts")).href)}, ${JSON.stringify(pathToFileURL(root + "/").href)}));`;
  return new Worker(bootstrap, { eval: true, workerData: { dataDir } });
}

export class PgliteWorkerClient implements QueryClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** Tasks waiting for their turn, requests' and background work's. */
  readonly #waiting = { foreground: [] as Array<() => void>, background: [] as Array<() => void> };
  #running = false;
  /** Request tasks run in a row while background work waited. */
  #foregroundRun = 0;
  #exited: Error | undefined;
  /** When the thread last answered, or began its current work after being idle. */
  #lastSign = Date.now();

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (message: WorkerReply) => {
      this.#lastSign = Date.now();
      if ("id" in message) {
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.ok) pending?.resolve(message.value);
        else pending?.reject(databaseError(message.error));
      } else if (message.type === "notify") {
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      }
    });
    worker.on("exit", (code) => {
      this.#exited = new Error(`The embedded database stopped (exit code ${code})`);
      for (const pending of this.#pending.values()) pending.reject(this.#exited);
      this.#pending.clear();
    });
  }

  /** Starts the database thread on `dataDir`; resolves once it is open (or rejects with why it is not). */
  static async open(dataDir: string): Promise<PgliteWorkerClient> {
    const worker = startThread(dataDir);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerReply) => {
        if (!("type" in message)) return;
        if (message.type === "ready") resolve();
        if (message.type === "failed") reject(databaseError(message.error));
        if (message.type !== "notify") worker.off("message", onMessage);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The embedded database did not start (exit code ${code})`)));
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteWorkerClient(worker);
  }

  #send(request: Distribute<WorkerRequest>): Promise<QueryResult | null> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#lastSign = Date.now();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #run(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.#send({ type: "query", sql, params, rowMode: options.rowMode ?? "object" }) as Promise<QueryResult>;
  }

  /** Runs `task` alone, after the tasks of its kind (request or background work) queued before it. */
  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () =>
        void task()
          .then(resolve, reject)
          .finally(() => {
            this.#running = false;
            this.#startNext();
          });
      this.#waiting[isBackgroundWork() ? "background" : "foreground"].push(start);
      this.#startNext();
    });
  }

  #startNext(): void {
    if (this.#running) return;
    const { foreground, background } = this.#waiting;
    const backgroundTurn =
      background.length > 0 && (foreground.length === 0 || this.#foregroundRun >= FOREGROUND_BURST);
    const start = backgroundTurn ? background.shift() : foreground.shift();
    if (!start) return;
    this.#foregroundRun = backgroundTurn || background.length === 0 ? 0 : this.#foregroundRun + 1;
    this.#running = true;
    start();
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#exclusive(() => this.#run(sql, params, options));
  }

  /** Several statements in one text (no parameters), alone; resolves to the last one's result. */
  exec(sql: string): Promise<QueryResult> {
    return this.#exclusive(() => this.#send({ type: "exec", sql }) as Promise<QueryResult>);
  }

  transaction<T>(body: (tx: QueryClient) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#run("BEGIN");
      try {
        const result = await body({ query: (sql, params, options) => this.#run(sql, params, options) });
        await this.#run("COMMIT");
        return result;
      } catch (error) {
        await this.#run("ROLLBACK").catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * Resolves when the database is up: at once while it is working (its thread answers nothing mid-query,
   * and a health check must not queue behind a slow one), else after a trivial query.
   */
  async ping(): Promise<void> {
    if (this.#exited) throw this.#exited;
    if (this.#pending.size > 0 && Date.now() - this.#lastSign < BUSY_IS_ALIVE_MS) return;
    await this.query("select 1");
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    if (listeners.size === 0) await this.#exclusive(() => this.#send({ type: "listen", channel }));
    listeners.add(onNotify);
    this.#listeners.set(channel, listeners);
    return async () => {
      listeners.delete(onNotify);
    };
  }

  /** Copies the database's files at this moment into `target`, alone (statements wait meanwhile). */
  async copyTo(target: string): Promise<void> {
    await this.#exclusive(() => this.#send({ type: "copy", target }));
  }

  async close(): Promise<void> {
    if (this.#exited) return;
    const exited = new Promise((resolve) => this.#worker.once("exit", resolve));
    await this.#exclusive(() => this.#send({ type: "close" }));
    await exited;
  }
}
