import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { hashedScriptPolicy } from "#app/platform/security-headers.server";

// Anonymous visitors' pages, rendered once and kept in memory until content changes (a NOTIFY from the
// database, an admin write, or the next moment a published row starts or ends) or MAX_AGE passes (counts
// such as "popular" move without a write). Least recently used pages go first when the cache is full.

const MAX_AGE_MS = 5 * 60_000;
/** setTimeout's longest delay; a change further off is looked up again when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** The least time between forgetting for a scheduled change and the next: the database's clock may lag. */
const SHORTEST_TIMER_MS = 250;
/** A page larger than this is served but not kept. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** What a shared cache (a CDN, nginx) may do with a public page: keep it a minute, then revalidate. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  expiresAt: number;
}

export type InvalidationCause = "content" | "own-write";

export interface PageCacheOptions {
  maxBytes: number;
  /** The next instant a published row starts or ends, when pages change without a write. */
  nextContentChange: () => Promise<Date | null>;
  /**
   * Told whenever pages are forgotten, for other reads kept until content changes. `cause` is
   * "own-write" when this process's admin write was answered (content may not have changed at all: the
   * write could have been refused), "content" when the database said it changed or a scheduled moment came.
   */
  onInvalidate?: (cause: InvalidationCause) => void;
  now?: () => number;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  #bytes = 0;
  #generation = 0;
  #changeAt: Promise<number> | undefined;
  #changeTimer: NodeJS.Timeout | undefined;
  #lookUpSoon: NodeJS.Timeout | undefined;
  readonly #options: PageCacheOptions;
  readonly #now: () => number;

  constructor(options: PageCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** False when given no memory (`PAGE_CACHE_MB=0`): pages are then rendered and sent as usual. */
  get enabled(): boolean {
    return this.#options.maxBytes > 0;
  }

  /** Forgets every page: content changed (or may have). Renders started before this are not kept either. */
  invalidate(cause: InvalidationCause = "content"): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation++;
    this.#changeAt = undefined;
    clearTimeout(this.#changeTimer);
    this.#options.onInvalidate?.(cause);
    // Watch for the next scheduled change even while no page is kept (`onInvalidate`'s reads, a cache
    // given no memory); a burst of changes is looked up once.
    if (this.#lookUpSoon) return;
    this.#lookUpSoon = setTimeout(() => {
      this.#lookUpSoon = undefined;
      void this.#nextChange();
    }, 100).unref();
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /**
   * Keeps a rendered page, unless content changed since its render began (`generation` is the value read
   * then) or it is too large. Resolves once kept, for tests.
   */
  async set(key: string, page: Omit<CachedPage, "expiresAt">, generation: number): Promise<void> {
    if (!this.enabled || generation !== this.#generation || page.body.length > MAX_ENTRY_BYTES) return;
    const changeAt = await this.#nextChange();
    if (generation !== this.#generation) return;
    const expiresAt = Math.min(this.#now() + MAX_AGE_MS, changeAt);
    if (expiresAt <= this.#now()) {
      this.invalidate();
      return;
    }
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    const entry = { ...page, expiresAt };
    this.#entries.set(key, entry);
    this.#bytes += sizeOf(entry);
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#delete(oldKey, old);
    }
  }

  #delete(key: string, entry: CachedPage): void {
    this.#entries.delete(key);
    this.#bytes -= sizeOf(entry);
  }

  /** The next scheduled change, looked up once per change; everything is forgotten when it comes. */
  #nextChange(): Promise<number> {
    this.#changeAt ??= this.#options.nextContentChange().then(
      (at) => {
        const changeAt = at?.getTime() ?? Number.POSITIVE_INFINITY;
        if (changeAt !== Number.POSITIVE_INFINITY) {
          clearTimeout(this.#changeTimer);
          this.#changeTimer = setTimeout(() => this.invalidate(), Math.min(Math.max(changeAt - this.#now(), SHORTEST_TIMER_MS), LONGEST_TIMER_MS));
          this.#changeTimer.unref();
        }
        return changeAt;
      },
      () => this.#now(), // unknown: keep nothing rather than something stale
    );
    return this.#changeAt;
  }
}

const sizeOf = (entry: CachedPage) => entry.body.length + entry.gzip.length + 512;

/**
 * A rendered answer as the cache keeps it. An HTML page's CSP nonce is replaced by hashes of the page's
 * own inline scripts and the nonce attributes are removed: a nonce must never be sent twice, and a script
 * injected into the page still matches no hash.
 */
export function cachedPage(status: number, headers: Headers, body: Buffer): Omit<CachedPage, "expiresAt"> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) kept[name] = value;
  let finalBody = body;
  const policy = kept["content-security-policy"];
  if (policy && kept["content-type"]?.startsWith("text/html")) {
    const hashed = hashedScriptPolicy(body.toString("utf8"), policy);
    finalBody = Buffer.from(hashed.html, "utf8");
    kept["content-security-policy"] = hashed.policy;
  }
  const etag = `W/"${createHash("sha1").update(finalBody).digest("base64url").slice(0, 27)}"`;
  return { status, headers: kept, body: finalBody, gzip: gzipSync(finalBody), etag };
}
