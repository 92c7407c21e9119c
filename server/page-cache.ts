import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

import { hashedScriptPolicy } from "#app/platform/security-headers.server";

// Anonymous visitors' pages, rendered once and kept in memory until content changes (the content-change
// bus, app/platform/content-changes.server.ts: a NOTIFY from the database at commit, or the next moment a
// published row starts or ends) or MAX_AGE passes (counts such as "popular" move without a write). Least
// recently used pages go first when the cache is full.
//
// A page forgotten because content changed is kept as stale, not dropped: while one request renders it
// again (the middleware lets one render per page run at a time), the others are answered the stale copy
// instead of each rendering it. Entries are counted at what they hold in memory: their buffers are exact
// copies (a gzip result or a small Buffer can sit in a much larger shared ArrayBuffer), plus the key,
// the headers and a fixed overhead for the objects around them.

const MAX_AGE_MS = 5 * 60_000;
/** How long past its end a stale page may still stand in for the render that replaces it. */
const STALE_FOR_MS = MAX_AGE_MS;
/** A page larger than this is served but not kept. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/**
 * What a kept page costs the process beyond its bytes: the Map entry, the entry, headers and Buffer objects
 * on V8's heap with the room the heap keeps around them, and the allocator's bookkeeping. Measured as the
 * growth of RSS per small page kept under load (ADR 0032), not guessed from object sizes: counted lower,
 * a flood of tiny pages grew the process several times past PAGE_CACHE_MB.
 */
const ENTRY_OVERHEAD_BYTES = 8 * 1024;
/** What a shared cache (a CDN, nginx) may do with a public page: keep it a minute, then revalidate. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

interface Entry extends CachedPage {
  expiresAt: number;
  /** The cache's generation when the page was kept: an older one means content changed since. */
  generation: number;
  bytes: number;
}

export interface Lookup {
  page: CachedPage;
  /** False when content changed since the page was rendered (or its time ran out): it may stand in only while it is rendered again. */
  fresh: boolean;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** When content next changes on schedule (milliseconds; Infinity when not): no page is kept past it. */
  nextChangeAt: () => Promise<number>;
  now?: () => number;
}

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation = 0;
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

  /** The memory the kept pages hold, as counted against `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  /** False when given no memory (`PAGE_CACHE_MB=0`): pages are then rendered and sent as usual. */
  get enabled(): boolean {
    return this.#options.maxBytes > 0;
  }

  /** Content changed: every kept page is stale from now on. Renders started before this are not kept. */
  invalidate(): void {
    this.#generation++;
  }

  /** Drops every page, stale ones too, as a new process has none; renders started before this are not kept. */
  clear(): void {
    this.invalidate();
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** The page kept under `key`, fresh or stale; undefined when there is none (or it is too old to stand in). */
  get(key: string): Lookup | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    if (entry.expiresAt + STALE_FOR_MS <= now) {
      this.forget(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { page: entry, fresh: entry.generation === this.#generation && entry.expiresAt > now };
  }

  /** Drops the page kept under `key`: its render no longer gives a page that may be kept. */
  forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /**
   * Keeps a rendered page, unless content changed since its render began (`generation` is the value read
   * then) or it is too large. Resolves once kept.
   */
  async set(key: string, page: CachedPage, generation: number): Promise<void> {
    if (!this.enabled || generation !== this.#generation || page.body.length > MAX_ENTRY_BYTES) return;
    // Not knowing when content next changes (the database is closing, say), the page is not kept: a failed
    // read must not become an unhandled rejection of a render that was already sent.
    const changeAt = await this.#options.nextChangeAt().catch(() => null);
    if (changeAt === null || generation !== this.#generation) return;
    const expiresAt = Math.min(this.#now() + MAX_AGE_MS, changeAt);
    // A scheduled change already due is announced by the bus in a moment; until then nothing is kept.
    if (expiresAt <= this.#now()) return;
    this.forget(key);
    const entry: Entry = { ...page, expiresAt, generation, bytes: sizeOf(key, page) };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const oldKey of this.#entries.keys()) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.forget(oldKey);
    }
  }
}

/** What an entry holds: its buffers (exact copies), its key and headers as strings (two bytes a character at most), and the objects around them. */
function sizeOf(key: string, page: CachedPage): number {
  let strings = key.length + page.etag.length;
  for (const [name, value] of Object.entries(page.headers)) strings += name.length + value.length;
  return page.body.byteLength + page.gzip.byteLength + 2 * strings + ENTRY_OVERHEAD_BYTES;
}

/**
 * Buffers copied side by side into one ArrayBuffer of their exact total size: a gzip result sits in a 16 KB
 * one and a small Buffer in an 8 KB pool slab, which a kept page would otherwise hold whole; and one
 * allocation per page costs less than one per buffer.
 */
function exactCopies(...buffers: Buffer[]): Buffer[] {
  const store = Buffer.allocUnsafeSlow(buffers.reduce((total, buffer) => total + buffer.length, 0));
  let offset = 0;
  return buffers.map((buffer) => {
    buffer.copy(store, offset);
    offset += buffer.length;
    return store.subarray(offset - buffer.length, offset);
  });
}

/**
 * A rendered answer as the cache keeps it. An HTML page's CSP nonce is replaced by hashes of the page's
 * own inline scripts and the nonce attributes are removed: a nonce must never be sent twice, and a script
 * injected into the page still matches no hash.
 */
export function cachedPage(status: number, headers: Headers, body: Buffer): CachedPage {
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
  const [exactBody, exactGzip] = exactCopies(finalBody, gzipSync(finalBody));
  return { status, headers: kept, body: exactBody!, gzip: exactGzip!, etag };
}
