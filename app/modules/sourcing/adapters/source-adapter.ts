import type { AmazonApi } from "#app/modules/amazon/amazon-api.server";

import type { Offer } from "../offer";

// What a source is to the runner: something that, given its settings and credentials, yields offers a
// batch at a time. Each adapter speaks one protocol (a network's API, a feed) and is tested against a
// local fake of it; the runner, the queue and its rules are shared (ADR 0042).

export interface SourceConnection {
  /** The source's credentials, decrypted (a network's API token); null when it has none. */
  secret: string | null;
  /** A test's local fake of the service, instead of its real address. */
  endpointOverride?: string;
  /** Whether owner-given addresses may be private ones (tests only: LINK_CHECK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The least time between a source's requests, its rate limit (the adapter's own unless a test says 0). */
  paceMs?: number;
  /** The most a run reads from a feed (MAX_FEED_BYTES unless a test says less). */
  maxBytes?: number;
  /** The site's Amazon account (metered against its daily budget), for saved searches; absent until set up. */
  amazon?: AmazonApi;
}

export interface OfferBatch {
  offers: Offer[];
  /** Rows the source sent that could not be offers, each with why ("Row 14: no title"). */
  refused: string[];
  /** The offer ids of refused rows: the source still lists them, so what they became has not ended. */
  refusedIds?: string[];
}

/** A page of a network's items as a batch: each an offer, a refusal (its id kept), or nothing (an ended one). */
export function batchOf<Item>(
  items: Item[],
  offerOf: (item: Item) => Offer | string | null,
  idOf: (item: Item) => string,
): OfferBatch {
  const batch = { offers: [] as Offer[], refused: [] as string[], refusedIds: [] as string[] };
  for (const item of items) {
    const offer = offerOf(item);
    if (typeof offer === "string") {
      batch.refused.push(offer);
      const id = idOf(item);
      if (id) batch.refusedIds.push(id);
    } else if (offer) batch.offers.push(offer);
  }
  return batch;
}

/** Why a run stopped, in words for the sourcing page, and what it means for the next run. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly kind: "credentials" | "rate-limited" | "bad-feed" | "unreachable",
    /** When the source said to come back (a 429's Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface SourceAdapter<Settings> {
  /** Whether a run lists every offer the source has now, so an offer it no longer lists is gone. */
  complete: boolean;
  read(settings: Settings, connection: SourceConnection): AsyncIterable<OfferBatch>;
}

/** The batch size adapters yield: a few hundred offers land in one statement. */
export const OFFER_BATCH = 500;

/** A Retry-After header as milliseconds (seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
