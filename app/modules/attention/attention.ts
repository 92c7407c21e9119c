// Needs attention's words and actions, shared by the queue page and its action.

export const ATTENTION_PAGE_SIZE = 50;

export type AttentionReason = "reports" | "ended-featured" | "stale-price";
export const ATTENTION_ACTIONS = ["verify", "expire", "unpublish", "snooze", "dismiss"] as const;
export type AttentionAction = (typeof ATTENTION_ACTIONS)[number];

export interface AttentionRow {
  kind: string;
  id: string;
  reason: AttentionReason;
  /** Reports counted, for 'reports'. */
  figure: number;
  /** Click-outs in the last 30 days: the money at risk. */
  clicks: number;
  label: string;
  noun: string;
  href: string;
}

/** Why a row is in the queue, in the admin's words. */
export function reasonText(row: Pick<AttentionRow, "kind" | "reason" | "figure">): string {
  switch (row.reason) {
    case "reports":
      return row.kind === "coupon" ? `${row.figure} shoppers said the code didn't work` : `${row.figure} shoppers said it has expired`;
    case "ended-featured":
      return "Ended but still featured";
    case "stale-price":
      return "Amazon price not refreshed for over a day (hidden from shoppers)";
  }
}

/** The actions a row offers besides opening the item. */
export function actionsFor(row: Pick<AttentionRow, "kind">): Array<{ action: AttentionAction; label: string }> {
  return [
    ...(row.kind === "coupon" ? [{ action: "verify" as const, label: "Mark verified" }] : []),
    ...(row.kind === "gift" ? [] : [{ action: "expire" as const, label: "Expire" }]),
    { action: "unpublish", label: "Unpublish" },
    { action: "snooze", label: "Snooze 7 days" },
    { action: "dismiss", label: "Dismiss" },
  ];
}
