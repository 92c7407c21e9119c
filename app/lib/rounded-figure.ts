import { formatCount } from "./counts";

/**
 * A figure rounded down to its leading digit, 'N+' style: 7 → "7", 24 → "20+", 1,234 → "1,000+",
 * 72,089 → "70,000+". Never more than was measured.
 */
export function roundedDown(value: number): string {
  if (value < 10) return String(value);
  const scale = 10 ** Math.floor(Math.log10(value));
  const floored = Math.floor(value / scale) * scale;
  return `${formatCount(floored)}${floored === value ? "" : "+"}`;
}
