import { logger } from "./logger.server";

// Public content changed: the database said so at commit (its NOTIFY on 'dealdash_content', drizzle/0007,
// heard by every process on the database), or the next moment a published row starts or ends has come.
// One bus for the process: the page cache, kept reads, and the jobs that turn changes into messages
// (deal alerts, webhooks) each subscribe where they live.

/** setTimeout's longest delay; a change further off is looked up again when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** The least time between announcing a scheduled change and the next: the database's clock may lag. */
const SHORTEST_TIMER_MS = 250;
/** A burst of changes looks up the next scheduled one once. */
const LOOK_UP_AFTER_MS = 100;

export interface ContentChangeSource {
  /** Calls `onChange` for each change the database announces; resolves to a stop function. */
  listen(onChange: () => void): Promise<() => Promise<void>>;
  /** The next instant a published row starts or ends, or null when none is scheduled. */
  nextScheduledChange(): Promise<Date | null>;
}

export class ContentChanges {
  readonly #listeners = new Set<() => void>();
  readonly #now: () => number;
  #source: ContentChangeSource | undefined;
  #stopListening: (() => Promise<void>) | undefined;
  #changeAt: Promise<number> | undefined;
  #changeTimer: NodeJS.Timeout | undefined;
  #lookUpSoon: NodeJS.Timeout | undefined;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** Calls `listener` on every change from now on; returns the call that stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Starts hearing the database's changes and timing the scheduled ones; announces a change at once (what was kept may be old). */
  async watch(source: ContentChangeSource): Promise<void> {
    this.#source = source;
    this.#stopListening = await source.listen(() => this.changed());
    this.changed();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#changeTimer);
    clearTimeout(this.#lookUpSoon);
    this.#lookUpSoon = undefined;
    await this.#stopListening?.().catch(() => undefined);
    this.#stopListening = undefined;
    this.#source = undefined;
    this.#changeAt = undefined;
  }

  /** Content changed now: every subscriber hears it, and the next scheduled change is looked up again. */
  changed(): void {
    this.#changeAt = undefined;
    clearTimeout(this.#changeTimer);
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        logger.warn({ err: error }, "a content-change subscriber failed");
      }
    }
    // Time the next scheduled change even while nothing asks for it (kept reads, a cache given no memory).
    if (this.#lookUpSoon) return;
    this.#lookUpSoon = setTimeout(() => {
      this.#lookUpSoon = undefined;
      void this.nextChangeAt();
    }, LOOK_UP_AFTER_MS).unref();
  }

  /**
   * When the next scheduled change comes (milliseconds; Infinity when none), looked up once per change; a
   * timer announces it. Unknown (the database did not answer, or nothing is watched yet): now, so that
   * nothing is kept past a change nobody can see coming.
   */
  nextChangeAt(): Promise<number> {
    const source = this.#source;
    if (!source) return Promise.resolve(this.#now());
    this.#changeAt ??= source.nextScheduledChange().then(
      (at) => {
        const changeAt = at?.getTime() ?? Number.POSITIVE_INFINITY;
        if (changeAt !== Number.POSITIVE_INFINITY && this.#source === source) {
          clearTimeout(this.#changeTimer);
          this.#changeTimer = setTimeout(
            () => this.changed(),
            Math.min(Math.max(changeAt - this.#now(), SHORTEST_TIMER_MS), LONGEST_TIMER_MS),
          );
          this.#changeTimer.unref();
        }
        return changeAt;
      },
      () => {
        // Asked again next time rather than remembered: the database may answer then.
        this.#changeAt = undefined;
        return this.#now();
      },
    );
    return this.#changeAt;
  }
}

/** The process's bus. */
export const contentChanges = new ContentChanges();
