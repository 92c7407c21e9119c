import type { DateRange, EarningsAdapter, EarningsBatch } from "#app/modules/earnings/earnings-adapter";
import type { OfferBatch, SourceAdapter, SourceConnection } from "#app/modules/sourcing/adapters/source-adapter";
import { SourceError } from "#app/modules/sourcing/adapters/source-adapter";

/** Every batch a source adapter yields for these settings, as one. */
export async function readAllOffers<Settings>(
  adapter: SourceAdapter<Settings>,
  settings: Settings,
  connection: SourceConnection,
): Promise<OfferBatch> {
  const all: OfferBatch = { offers: [], refused: [] };
  for await (const batch of adapter.read(settings, connection)) {
    all.offers.push(...batch.offers);
    all.refused.push(...batch.refused);
  }
  return all;
}

/** The SourceError a read stops with; a read that ends without one fails the test. */
export async function refusalOf<Settings>(
  adapter: SourceAdapter<Settings>,
  settings: Settings,
  connection: SourceConnection,
): Promise<SourceError> {
  try {
    await readAllOffers(adapter, settings, connection);
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error("The source was read without a refusal");
}

/** How a test reaches a local fake of a network: its address, the secret given, private addresses allowed, no pacing. */
export const fakeConnection = (url: string, secret: string | null): SourceConnection => ({
  secret,
  endpointOverride: url,
  allowPrivate: true,
  timeoutMs: 10_000,
  paceMs: 0,
});

/** Every batch an earnings adapter yields for these settings and dates, as one. */
export async function readAllEarnings<Settings>(
  adapter: EarningsAdapter<Settings>,
  settings: Settings,
  connection: SourceConnection,
  range: DateRange,
): Promise<EarningsBatch> {
  const all: EarningsBatch = { reported: [], refused: [] };
  for await (const batch of adapter.read(settings, connection, range)) {
    all.reported.push(...batch.reported);
    all.refused.push(...batch.refused);
  }
  return all;
}
