import type { Executor } from "#app/db/client.server";
import { COUNT_CAP } from "#app/lib/counts";

import { contentChanges } from "./content-changes.server";

// Small reads that change only with content (a listing's filter options) are kept in memory until the
// content changes, heard on the content-change bus like the page cache: a rendered page then spends its
// database round trips on its own rows. On the embedded database every round trip queues behind the
// others on one thread.

let version = 0;

/** Content changed: every kept read is read again on its next use. */
export function forgetContentMemos(): void {
  version++;
}

contentChanges.subscribe(forgetContentMemos);

/**
 * `read`, kept per database and arguments until content changes (or `maxAgeMs` passes, for reads that
 * also count what is not content, such as clicks). A read that began before a change is not kept past
 * it; a failed read is not kept. Arguments from code (a handful of values) need no bound; arguments
 * from a request (a search) need `max`: at most that many are kept, the least recently asked dropped
 * first.
 */
export function keptUntilContentChanges<Args extends unknown[], T>(
  read: (db: Executor, ...args: Args) => Promise<T>,
  options: { maxAgeMs?: number; max?: number; /** The time, for tests. */ now?: () => number } = {},
) {
  // A Map iterates in insertion order: a key asked again is moved to the end, so the first is the stalest.
  const kept = new Map<string, { db: Executor; version: number; readAt: number; value: Promise<T> }>();
  const maxAge = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const now = options.now ?? Date.now;
  const keptRead = (db: Executor, ...args: Args): Promise<T> => {
    const key = JSON.stringify(args);
    const found = kept.get(key);
    kept.delete(key);
    if (found && found.db === db && found.version === version && now() - found.readAt < maxAge) {
      kept.set(key, found);
      return found.value;
    }
    const entry = { db, version, readAt: now(), value: read(db, ...args) };
    kept.set(key, entry);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    entry.value.catch(() => kept.get(key) === entry && kept.delete(key));
    return entry.value;
  };
  /** This process changed what the read counts (not content): its next use reads again. */
  const forget = () => kept.clear();
  return Object.assign(keptRead, { forget });
}

/**
 * Remembers, per database and until content changes, which capped reads (`cappedIds`) found more than
 * COUNT_CAP rows: a common search word's read walks its whole index bitmap on every visit to learn what
 * the last visit learnt, while a page of many matches needs no ids. The returned function answers "many"
 * for a key found so, else reads. Keys come from requests (search texts), so at most `max` are kept per
 * database, the least recently asked dropped first; a read that began before a change records nothing.
 */
export function manyUntilContentChanges(max: number) {
  const kept = new WeakMap<Executor, { version: number; keys: Set<string> }>();
  const keysOf = (db: Executor) => {
    const found = kept.get(db);
    if (found?.version === version) return found.keys;
    const fresh = { version, keys: new Set<string>() };
    kept.set(db, fresh);
    return fresh.keys;
  };
  return async (db: Executor, key: string, read: () => Promise<string[]>): Promise<string[] | "many"> => {
    const keys = keysOf(db);
    if (keys.delete(key)) {
      keys.add(key);
      return "many";
    }
    const readAt = version;
    const ids = await read();
    if (ids.length > COUNT_CAP && version === readAt) {
      const current = keysOf(db);
      current.add(key);
      if (current.size > max) current.delete(current.values().next().value!);
    }
    return ids;
  };
}
