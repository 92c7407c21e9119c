import { formatDate } from "./dates";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const ago = (count: number, unit: string) => `${count} ${count === 1 ? unit : `${unit}s`} ago`;

/**
 * A guide's age: 'Just now' under a minute, then 'N minutes ago', under 24 hours 'N hours ago', under 168
 * hours 'N days ago', otherwise the date.
 */
export function guideDate(createdAt: Date | string, now: Date = new Date()): string {
  const age = now.getTime() - new Date(createdAt).getTime();
  if (age < MINUTE) return "Just now";
  if (age < HOUR) return ago(Math.floor(age / MINUTE), "minute");
  const hours = Math.floor(age / HOUR);
  if (hours < 24) return ago(hours, "hour");
  if (hours < 168) {
    return ago(Math.floor(hours / 24), "day");
  }
  return formatDate(createdAt);
}
