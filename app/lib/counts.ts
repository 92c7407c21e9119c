/**
 * Public listings count matching rows only up to this many: past it, "1,000+ deals" says as much and no
 * request counts a whole table.
 */
export const COUNT_CAP = 1000;

// One formatter for every count: `Number.prototype.toLocaleString` builds a new one per call.
const countFormat = new Intl.NumberFormat("en-US");

/** "1,234": every count the site shows. */
export const formatCount = (count: number): string => countFormat.format(count);

/** "1 deal", "24 deals", "1,000+ deals". */
export function countLabel(count: number, one: string, many: string): string {
  if (count === 1) return `1 ${one}`;
  return `${count > COUNT_CAP ? `${formatCount(COUNT_CAP)}+` : formatCount(count)} ${many}`;
}

/** "1 row", "1,234,567 rows": a count in full, however large. */
export const fullCountLabel = (count: number, one: string, many: string): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

const sizeFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const SIZE_UNITS = ["KB", "MB", "GB", "TB"];

/** A file's size in the largest unit it fills: "812 bytes", "52 KB", "1.4 MB" (never "0.0 MB"). */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return fullCountLabel(bytes, "byte", "bytes");
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < SIZE_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  // Tenths only where they say something: "1.4 MB", "52 KB".
  return `${size >= 10 ? formatCount(Math.round(size)) : sizeFormat.format(size)} ${SIZE_UNITS[unit]}`;
}
