// What an item's recorded prices say, worked out without the database: the lowest price over a window and
// the steps a chart draws. A window counts only when the history covers it, that is when a price was
// recorded at or before its start: "lowest in 30 days" is never a guess from a shorter record.

export interface PricePoint {
  price: number;
  at: Date;
}

/** How far back an item's page reads and charts its prices. */
export const HISTORY_DAYS = 90;

const DAY_MS = 86_400_000;

/** The lowest price in effect at any moment of the last `days` days, or null when the history is shorter. */
export function lowestOver(points: readonly PricePoint[], days: number, now: Date): number | null {
  const start = now.getTime() - days * DAY_MS;
  const ordered = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const before = ordered.filter((point) => point.at.getTime() <= start).at(-1);
  if (!before) return null;
  const during = ordered.filter((point) => point.at.getTime() > start && point.at.getTime() <= now.getTime());
  return Math.min(before.price, ...during.map((point) => point.price));
}

/**
 * The prices a chart draws over the last `days` days, as steps: the price in effect when the window opens
 * (or at the first record, when the history is shorter), each change, and the price still in effect now.
 */
export function priceSteps(points: readonly PricePoint[], days: number, now: Date): PricePoint[] {
  const start = now.getTime() - days * DAY_MS;
  const ordered = [...points]
    .filter((point) => point.at.getTime() <= now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const before = ordered.filter((point) => point.at.getTime() <= start).at(-1);
  const during = ordered.filter((point) => point.at.getTime() > start);
  const steps = [...(before ? [{ price: before.price, at: new Date(start) }] : []), ...during];
  const last = steps.at(-1);
  return last ? [...steps, { price: last.price, at: now }] : [];
}

/** Whether the steps hold a change worth a chart: at least two different prices. */
export const pricesChanged = (steps: readonly PricePoint[]) => new Set(steps.map((step) => step.price)).size > 1;
