import type { IncomingMessage } from "node:http";
import { type Duplex, pipeline, Readable, Transform } from "node:stream";

import { CsvError, parse } from "csv-parse";
import pick from "stream-json/filters/pick.js";
import parser from "stream-json/parser.js";
import streamArray from "stream-json/streamers/stream-array.js";

import { plainNumber } from "#app/lib/money";

import { discountStated, type Offer } from "../offer";
import { feedDelimiters, type FeedField, feedFields, type FeedSettings } from "./feed-settings";
import { OFFER_BATCH, type OfferBatch, type SourceAdapter, type SourceConnection, SourceError } from "./source-adapter";
import { openSource } from "./source-http.server";
import { dateOf, textOf, webAddressOf } from "./values";

// The generic feed: a CSV or JSON document read as it arrives (a 100,000-offer feed is never held whole),
// each row turned into an offer by the owner's column mapping. A row that cannot be an offer is refused
// with its reason; a feed that is not one (a web page, a mapping naming a column it lacks) stops the run
// with a message the owner can act on.

/** A feed larger than this is not a feed of offers: the run stops rather than read on. */
export const MAX_FEED_BYTES = 200 * 1024 * 1024;
/** One CSV line is held whole while it is read. */
const MAX_LINE_CHARS = 1_000_000;
/** How many rows show whether the mapping's columns exist in a JSON feed (whose rows may leave keys out). */
const MAPPING_CHECK_ROWS = 200;
/** At most this many refused rows are described; the rest are counted. */
const REFUSALS_TOLD = 20;

const NAME = "The feed";

/** Streams joined one into the next; an error in any ends the last, which the reader then throws. */
function joined(source: AsyncIterable<Buffer> | Readable, ...stages: Duplex[]): Duplex {
  const streams = [source instanceof Readable ? source : Readable.from(source), ...stages] as const;
  return pipeline(streams as unknown as [Readable, ...Duplex[]], () => {}) as unknown as Duplex;
}

/** Bytes past the limit end the stream with a SourceError. */
function bounded(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new SourceError(`The feed is larger than ${limit / 1024 / 1024} MB`, "bad-feed"));
      else done(null, chunk);
    },
  });
}

/**
 * The first bytes say what the document is: a page (`<`), JSON (`[`, `{`) or, failing those, CSV. The
 * bytes come back with the rest, read from the same iterator (leaving a for-await would end the stream).
 */
async function sniff(
  body: AsyncIterable<Buffer>,
): Promise<{ bytes: AsyncIterable<Buffer>; kind: "html" | "json" | "csv" }> {
  const iterator = body[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let kind: "html" | "json" | "csv" = "csv";
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    read.push(next.value);
    const text = Buffer.concat(read)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart();
    if (!text) continue;
    kind = text.startsWith("<") ? "html" : text[0] === "[" || text[0] === "{" ? "json" : "csv";
    break;
  }
  const bytes = (async function* () {
    yield* read;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
  return { bytes, kind };
}

const valueAt = (row: Record<string, unknown>, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined),
      row,
    );

function figure(value: unknown): number | null | "bad" {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : "bad";
  const text = textOf(value);
  if (!text) return null;
  const plain = plainNumber(text);
  const number = plain === null ? Number.NaN : Number(plain);
  return Number.isFinite(number) && number > 0 && number < 100_000_000 ? number : "bad";
}

function discountOf(value: unknown, words: string): Pick<Offer, "discountType" | "discountValue"> {
  const text = textOf(value);
  if (text.endsWith("%")) {
    const percent = Number(text.slice(0, -1).trim());
    if (percent > 0 && percent <= 100) return { discountType: "percentage", discountValue: percent };
  }
  const amount = figure(text);
  if (typeof amount === "number") return { discountType: "fixed", discountValue: amount };
  return discountStated(words);
}

/** One row as an offer, or why it cannot be one. */
export function offerOfRow(row: Record<string, unknown>, settings: FeedSettings, line: number): Offer | string {
  const get = (field: FeedField) => {
    const path = settings.mapping[field];
    return path ? valueAt(row, path) : undefined;
  };
  const title = textOf(get("title")).slice(0, 200);
  if (!title) return `Row ${line}: no title`;
  const url = webAddressOf(get("url"));
  if (!url) return `Row ${line}: no web address`;
  const price = figure(get("price"));
  if (price === "bad") return `Row ${line}: the price "${textOf(get("price"))}" is not an amount`;
  const originalPrice = figure(get("originalPrice"));
  const description = textOf(get("description")).slice(0, 2000) || null;
  return {
    externalId: textOf(get("id")) || null,
    kind: settings.kind,
    url,
    title,
    description,
    imageUrl: webAddressOf(get("imageUrl")),
    affiliateUrl: webAddressOf(get("affiliateUrl")),
    price,
    originalPrice: originalPrice === "bad" ? null : originalPrice,
    couponCode: textOf(get("couponCode")).slice(0, 64) || null,
    ...(settings.kind === "coupon" ? discountOf(get("discount"), `${title} ${description ?? ""}`) : {}),
    startsAt: dateOf(get("startsAt")),
    endsAt: dateOf(get("endsAt")),
    merchant: textOf(get("merchant")).slice(0, 200) || settings.store || null,
  };
}

/** The mapped columns no row has: a mapping naming a column the feed lacks. */
const missingColumns = (settings: FeedSettings, has: (path: string) => boolean) =>
  (Object.entries(settings.mapping) as Array<[FeedField, string | undefined]>)
    .filter(([, path]) => path && !has(path))
    .map(([field, path]) => `"${path}" (${feedFields[field]})`);

function missingColumnError(missing: string[]): SourceError {
  return new SourceError(
    `The mapping names ${missing.length === 1 ? "a column" : "columns"} the feed does not have: ${missing.join(", ")}`,
    "bad-feed",
  );
}

async function* csvRows(body: AsyncIterable<Buffer>, settings: FeedSettings): AsyncGenerator<Record<string, unknown>> {
  const rows = joined(
    body,
    parse({
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim());
        const missing = missingColumns(settings, (path) => names.includes(path));
        if (missing.length > 0) throw missingColumnError(missing);
        return names;
      },
      delimiter: feedDelimiters[settings.delimiter],
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_LINE_CHARS,
    }),
  );
  yield* rows as AsyncIterable<Record<string, unknown>>;
}

async function* jsonRows(body: AsyncIterable<Buffer>, settings: FeedSettings): AsyncGenerator<Record<string, unknown>> {
  const items = joined(
    body,
    parser.asStream(),
    ...(settings.itemsPath ? [pick.asStream({ filter: settings.itemsPath })] : []),
    streamArray.asStream(),
  );
  const seen = new Set<string>();
  let checked = false;
  let n = 0;
  for await (const { value } of items as AsyncIterable<{ value: unknown }>) {
    const row = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    if (!checked) {
      for (const path of Object.values(settings.mapping)) if (path && valueAt(row, path) !== undefined) seen.add(path);
      if (++n === MAPPING_CHECK_ROWS) {
        checked = true;
        const missing = missingColumns(settings, (path) => seen.has(path));
        if (missing.length > 0) throw missingColumnError(missing);
      }
    }
    yield row;
  }
  if (!checked && n > 0) {
    const missing = missingColumns(settings, (path) => seen.has(path));
    if (missing.length > 0) throw missingColumnError(missing);
  }
}

function feedError(error: unknown): unknown {
  if (error instanceof SourceError) return error;
  if (error instanceof CsvError)
    return new SourceError(`The feed is not CSV we can read: ${error.message}`, "bad-feed");
  if (error instanceof Error && /Parser|JSON|token/i.test(error.message))
    return new SourceError(`The feed is not JSON we can read: ${error.message}`, "bad-feed");
  return error;
}

async function* readFeed(settings: FeedSettings, connection: SourceConnection): AsyncGenerator<OfferBatch> {
  const response: IncomingMessage = await openSource(settings.url, connection, { name: NAME });
  const type = String(response.headers["content-type"] ?? "").toLowerCase();
  if (type.includes("text/html")) {
    response.destroy();
    throw new SourceError("The feed's address answered with a web page, not a CSV or JSON feed", "bad-feed");
  }
  const body = joined(response, bounded(connection.maxBytes ?? MAX_FEED_BYTES)) as AsyncIterable<Buffer>;
  const { bytes, kind } = await sniff(body);
  if (kind === "html") {
    response.destroy();
    throw new SourceError("The feed's address answered with a web page, not a CSV or JSON feed", "bad-feed");
  }
  const format = settings.format === "auto" ? kind : settings.format;
  const rows = format === "json" ? jsonRows(bytes, settings) : csvRows(bytes, settings);
  const fresh = (): OfferBatch & { refusedIds: string[] } => ({ offers: [], refused: [], refusedIds: [] });
  let batch = fresh();
  let refusedTotal = 0;
  let line = format === "json" ? 0 : 1;
  try {
    for await (const row of rows) {
      line++;
      const offer = offerOfRow(row, settings, line);
      if (typeof offer === "string") {
        if (refusedTotal++ < REFUSALS_TOLD) batch.refused.push(offer);
        const id = settings.mapping.id ? textOf(valueAt(row, settings.mapping.id)) : "";
        if (id) batch.refusedIds.push(id);
      } else batch.offers.push(offer);
      if (batch.offers.length + batch.refusedIds.length >= OFFER_BATCH) {
        yield batch;
        batch = fresh();
      }
    }
  } catch (error) {
    response.destroy();
    throw feedError(error);
  }
  if (refusedTotal > REFUSALS_TOLD) batch.refused.push(`…and ${refusedTotal - REFUSALS_TOLD} more rows`);
  yield batch;
}

export const feedAdapter: SourceAdapter<FeedSettings> = { complete: true, read: readFeed };
