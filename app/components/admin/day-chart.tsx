import { scaleLinear } from "d3-scale";
import { curveLinear, curveMonotoneX, line } from "d3-shape";

import { ChartGridLines } from "#app/components/ui/chart-grid";
import { formatShortDay } from "#app/lib/dates";

// A figure by day (clicks, earnings) as server-rendered SVG (d3's scales and line generator; no chart code
// runs in the browser). The SVG is one labelled image; the figures themselves are in a table beside it,
// which is what a screen reader or a keyboard reads.

export interface ChartPoint {
  day: string;
  value: number;
  previous: number;
}

/** How a chart writes its figure: on the axis and in each day's tooltip ("12 clicks", "$4.20"). */
export interface ChartFigure {
  /** The chart's name in its test id: "clicks", "earnings". */
  name: string;
  axis: (value: number) => string;
  point: (value: number) => string;
}

/** Drawn twice, for a wide screen and a phone, so the axis words stay at their size on both. */
const SIZES = {
  wide: { name: "wide", width: 720, height: 240, labels: 7 },
  narrow: { name: "narrow", width: 360, height: 220, labels: 4 },
} as const;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 44 };
const DOTS_UP_TO = 31;

function scalesFor(points: ChartPoint[], width: number, height: number, margin: typeof MARGIN, withPrevious: boolean) {
  const top = Math.max(
    1,
    ...points.map((point) => (withPrevious ? Math.max(point.value, point.previous) : point.value)),
  );
  const x = scaleLinear()
    .domain([0, Math.max(1, points.length - 1)])
    .range([margin.left, width - margin.right]);
  const y = scaleLinear()
    .domain([0, top])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  // Coordinates to a tenth of a unit, finer than a pixel: a year's paths are not written to 15 digits.
  const path = (pick: (point: ChartPoint) => number) =>
    (
      line<ChartPoint>()
        .x((_, index) => x(index))
        .y((point) => y(pick(point)))
        // Smoothed while days stand apart; past a month they are a pixel or two wide and a line is the same.
        .curve(points.length > DOTS_UP_TO ? curveLinear : curveMonotoneX)(points) ?? ""
    ).replace(/\d+\.\d{2,}/g, (number) => String(Math.round(Number(number) * 10) / 10));
  return { x, y, path };
}

/** The range's figure (solid) against the previous period's (dashed), with day and value axes, sized for the screen. */
export function DayChart({ points, label, figure }: { points: ChartPoint[]; label: string; figure: ChartFigure }) {
  return (
    <>
      <ChartAt size={SIZES.wide} points={points} label={label} figure={figure} className="hidden sm:block" />
      <ChartAt size={SIZES.narrow} points={points} label={label} figure={figure} className="sm:hidden" />
    </>
  );
}

function ChartAt({
  size,
  points,
  label,
  figure,
  className,
}: {
  size: (typeof SIZES)[keyof typeof SIZES];
  points: ChartPoint[];
  label: string;
  figure: ChartFigure;
  className: string;
}) {
  const { width, height } = size;
  const { x, y, path } = scalesFor(points, width, height, MARGIN, true);
  const every = Math.max(1, Math.ceil(points.length / size.labels));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={`h-auto w-full ${className}`}
      role="img"
      aria-label={label}
      data-testid={`${figure.name}-chart-${size.name}`}
    >
      <ChartGridLines y={y} left={MARGIN.left} right={width - MARGIN.right} label={figure.axis} />
      {points.map((point, index) =>
        index % every === 0 ? (
          <text key={point.day} x={x(index)} y={height - 8} textAnchor="middle" fontSize={11} className="fill-gray-500">
            {formatShortDay(point.day)}
          </text>
        ) : null,
      )}
      <path d={path((point) => point.previous)} fill="none" stroke="#9ca3af" strokeWidth={1.5} strokeDasharray="4 4" />
      <path d={path((point) => point.value)} fill="none" stroke="#2563eb" strokeWidth={2} />
      {/* A dot per day (with its figures) up to a month; over longer ranges they crowd, and the CSV has each day. */}
      {points.length <= DOTS_UP_TO
        ? points.map((point, index) => (
            <circle key={point.day} cx={x(index)} cy={y(point.value)} r={points.length > 45 ? 1.5 : 3} fill="#2563eb">
              <title>{`${formatShortDay(point.day)}: ${figure.point(point.value)} (previous period ${figure.point(point.previous)})`}</title>
            </circle>
          ))
        : null}
    </svg>
  );
}

/** A small line of a figure per day, for the dashboard. */
export function DaySparkline({ points, label }: { points: ChartPoint[]; label: string }) {
  const { path } = scalesFor(points, 240, 48, { top: 4, right: 2, bottom: 4, left: 2 }, false);
  return (
    <svg viewBox="0 0 240 48" className="h-12 w-full" role="img" aria-label={label} data-testid="clicks-sparkline">
      <path d={path((point) => point.value)} fill="none" stroke="#2563eb" strokeWidth={2} />
    </svg>
  );
}
