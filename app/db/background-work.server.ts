import { AsyncLocalStorage } from "node:async_hooks";

// Work nobody is waiting on (the job queue's polling and the jobs it runs) runs marked as background work,
// so the embedded database, which runs one statement at a time, serves a request's queries first
// (pglite-worker-client.server.ts). A request of fifteen queries used to wait behind fifteen of a roll-up's.

const background = new AsyncLocalStorage<true>();

/** Runs `work`, and everything it starts (timers and promises included), as background work. */
export const runAsBackgroundWork = <T>(work: () => T): T => background.run(true, work);

/** Whether the caller is background work. */
export const isBackgroundWork = (): boolean => background.getStore() === true;
