const HOUR = 3600 * 1000;

/** A guide's age: under 24 hours 'N hours ago', under 168 hours 'N days ago', otherwise the date. */
export function guideDate(createdAt: Date | string, now: Date = new Date()): string {
  const hours = Math.floor((now.getTime() - new Date(createdAt).getTime()) / HOUR);
  if (hours < 24) return `${Math.max(hours, 0)} ${hours === 1 ? "hour" : "hours"} ago`;
  if (hours < 168) {
    const days = Math.floor(hours / 24);
    return `${days} ${days === 1 ? "day" : "days"} ago`;
  }
  return new Date(createdAt).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}
