const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** The deal card's time left: "2 days", "5 hours", "Ends soon", or "Expired"; null without an end. */
export function timeLeft(expiresAt: Date | string | null | undefined, now: Date = new Date()): string | null {
  if (!expiresAt) return null;
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return "Expired";
  if (left >= DAY) {
    const days = Math.floor(left / DAY);
    return `${days} ${days === 1 ? "day" : "days"}`;
  }
  if (left >= HOUR) {
    const hours = Math.floor(left / HOUR);
    return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  return "Ends soon";
}

/** A coupon is scheduled until valid_from arrives. */
export function isScheduled(validFrom: Date | string | null | undefined, now: Date = new Date()): boolean {
  return validFrom != null && new Date(validFrom).getTime() > now.getTime();
}

/** A coupon is expired once valid_until has passed; no end date never expires. */
export function isExpired(validUntil: Date | string | null | undefined, now: Date = new Date()): boolean {
  return validUntil != null && new Date(validUntil).getTime() < now.getTime();
}
