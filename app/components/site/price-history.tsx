import { scaleLinear } from "d3-scale";
import { curveStepAfter, line } from "d3-shape";

import { ChartGridLines } from "#app/components/ui/chart-grid";
import { formatShortDay, toDateInput } from "#app/lib/dates";
import { formatPrice } from "#app/lib/money";
import type { PricePoint } from "#app/modules/price-history/price-lows";

// An item's recorded prices as server-rendered SVG (no chart code runs in the browser), with the lowest
// prices of the last 30 and 90 days where the history covers them.

const WIDTH = 640;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 64 };

/** "Lowest price in 30 days" and "Lowest in 90 days", each only when the record covers its window. */
export function PriceLows({ lowest30, lowest90 }: { lowest30: number | null; lowest90: number | null }) {
  if (lowest30 === null && lowest90 === null) return null;
  return (
    <ul className="flex flex-wrap gap-2 text-sm" data-testid="price-lows">
      {lowest30 !== null ? (
        <li className="rounded-full bg-green-50 px-3 py-1 font-medium text-green-800">
          {`Lowest price in 30 days: ${formatPrice(lowest30)}`}
        </li>
      ) : null}
      {lowest90 !== null ? (
        <li className="rounded-full bg-gray-100 px-3 py-1 font-medium text-gray-800">
          {`Lowest in 90 days: ${formatPrice(lowest90)}`}
        </li>
      ) : null}
    </ul>
  );
}

/** The axis's dates, each once: over a span of a few days the scale's ticks fall several to a day. */
function dayTicks(ticks: number[]): Array<{ day: string; at: number }> {
  const days = new Map<string, number>();
  for (const at of ticks) {
    const day = toDateInput(new Date(at));
    if (!days.has(day)) days.set(day, at);
  }
  return [...days].map(([day, at]) => ({ day, at }));
}

/** The price over time as steps: each recorded price holds until the next. */
export function PriceChart({ steps }: { steps: readonly PricePoint[] }) {
  const times = steps.map((step) => new Date(step.at).getTime());
  const prices = steps.map((step) => step.price);
  const x = scaleLinear()
    .domain([Math.min(...times), Math.max(...times)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([Math.min(...prices), Math.max(...prices)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path =
    line<PricePoint>()
      .x((step) => x(new Date(step.at).getTime()))
      .y((step) => y(step.price))
      .curve(curveStepAfter)(steps as PricePoint[]) ?? "";
  const first = steps[0]!;
  const label = `Price from ${formatShortDay(toDateInput(first.at))} to today: lowest ${formatPrice(Math.min(...prices))}, highest ${formatPrice(Math.max(...prices))}, now ${formatPrice(prices.at(-1)!)}`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-label={label}
      data-testid="price-chart"
    >
      <ChartGridLines y={y} left={MARGIN.left} right={WIDTH - MARGIN.right} label={formatPrice} />
      {dayTicks(x.ticks(5)).map(({ day, at }) => (
        <text key={day} x={x(at)} y={HEIGHT - 8} textAnchor="middle" fontSize={11} className="fill-gray-500">
          {formatShortDay(day)}
        </text>
      ))}
      <path d={path} fill="none" stroke="#2563eb" strokeWidth={2} />
    </svg>
  );
}

/** An item page's "Price history" section: the chart, when the price changed in the window. */
export function PriceHistorySection({ steps }: { steps: readonly PricePoint[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="price-history" className="max-w-3xl space-y-2">
      <h2 id="price-history" className="text-2xl font-bold">
        Price history
      </h2>
      <PriceChart steps={steps} />
    </section>
  );
}
