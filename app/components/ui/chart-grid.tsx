import type { ScaleLinear } from "d3-scale";

/** A server-rendered chart's horizontal grid: a faint line and a label at each of the value scale's ticks. */
export function ChartGridLines({
  y,
  left,
  right,
  label,
}: {
  y: ScaleLinear<number, number>;
  left: number;
  right: number;
  label: (value: number) => string;
}) {
  return y.ticks(4).map((tick) => (
    <g key={tick} className="text-gray-500">
      <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
      <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="currentColor">
        {label(tick)}
      </text>
    </g>
  ));
}
