// Needs attention's words and actions, shared by the queue page and its action.

export const ATTENTION_PAGE_SIZE = 50;

export type AttentionReason = "reports" | "link" | "ended-featured" | "stale-price";
export type AttentionAction = "verify" | "fallback" | "expire" | "unpublish" | "snooze" | "dismiss";

export interface AttentionRow {
  kind: string;
  id: string;
  reason: AttentionReason;
  /** Reports counted, for 'reports'; failed checks in a row, for 'link'. */
  figure: number;
  /** The link check's finding, for 'link'. */
  detail: string | null;
  /** Click-outs in the last 30 days: the money at risk. */
  clicks: number;
  label: string;
  noun: string;
  href: string;
}

/** Why a row is in the queue, in the admin's words. */
export function reasonText(row: Pick<AttentionRow, "kind" | "reason" | "figure" | "detail">): string {
  switch (row.reason) {
    case "reports":
      return row.kind === "coupon" ? `${row.figure} shoppers said the code didn't work` : `${row.figure} shoppers said it has expired`;
    case "link":
      return `Link broken: ${row.detail ?? "the check failed"} (${row.figure} checks in a row)`;
    case "ended-featured":
      return "Ended but still featured";
    case "stale-price":
      return "Amazon price not refreshed for over a day (hidden from shoppers)";
  }
}

/** The actions a row offers besides opening the item ('fallback' comes with its URL field). */
export function actionsFor(row: Pick<AttentionRow, "kind" | "reason">): Array<{ action: AttentionAction; label: string }> {
  const ends = row.kind === "deal" || row.kind === "coupon";
  return [
    ...(row.kind === "coupon" ? [{ action: "verify" as const, label: "Mark verified" }] : []),
    ...(row.reason === "link" ? [{ action: "fallback" as const, label: "Set fallback URL" }] : []),
    ...(ends ? [{ action: "expire" as const, label: "Expire" }] : []),
    // Stores have no status: they are public while they have live items.
    ...(row.kind === "store" ? [] : [{ action: "unpublish" as const, label: "Unpublish" }]),
    { action: "snooze", label: "Snooze 7 days" },
    { action: "dismiss", label: "Dismiss" },
  ];
}
