// Needs attention's words and actions, shared by the queue page and its action.

export const ATTENTION_PAGE_SIZE = 50;
/** A store that earned before and has earned nothing for this many days… */
export const STOPPED_EARNING_DAYS = 14;
/** …while shoppers clicked out to it at least this often in those days is listed. */
export const STOPPED_EARNING_CLICKS = 20;

export const attentionReasons = [
  "link",
  "image",
  "reports",
  "ended-featured",
  "stale-price",
  "no-link",
  "code-changed",
  "stopped-earning",
  "review",
  "backup",
] as const;
export type AttentionReason = (typeof attentionReasons)[number];
export type AttentionAction = "verify" | "fallback" | "expire" | "unpublish" | "snooze" | "dismiss";

/** What the queue's filter calls each reason. */
export const reasonLabels: Record<AttentionReason, string> = {
  link: "Broken links",
  image: "Broken images",
  reports: "Shoppers' reports",
  "ended-featured": "Ended but featured",
  "stale-price": "Stale Amazon prices",
  "no-link": "Stores without a link",
  "code-changed": "Codes changed at the source",
  "stopped-earning": "Stores that stopped earning",
  review: "Waiting for review",
  backup: "Failed backups",
};

/** One reason an item is in the queue, with what its wording needs. */
export interface ItemReason {
  reason: AttentionReason;
  /**
   * Reports counted, for 'reports'; failed checks in a row, for 'link' and 'image'; clicks out since the
   * store last earned, for 'stopped-earning'.
   */
  figure: number;
  /**
   * The check's finding, for 'link' and 'image'; the source's new code, for 'code-changed'; who submitted
   * it, for 'review'.
   */
  detail: string | null;
}

/** One item of the queue, with every reason it is there. */
export interface AttentionRow {
  kind: string;
  id: string;
  reasons: ItemReason[];
  /** Click-outs in the last 30 days: the money at risk. */
  clicks: number;
  label: string;
  noun: string;
  href: string;
}

/** Why an item is in the queue, in the admin's words. */
export function reasonText(kind: string, { reason, figure, detail }: ItemReason): string {
  switch (reason) {
    case "reports":
      return kind === "coupon"
        ? `${figure} shoppers said the code didn't work`
        : `${figure} shoppers said it has expired`;
    case "link":
      return `Link broken: ${detail ?? "the check failed"} (${figure} checks in a row)`;
    case "image":
      return `Image broken: ${detail ?? "the check failed"} (${figure} checks in a row); shoppers see its fallback`;
    case "ended-featured":
      return "Ended but still featured";
    case "stale-price":
      return "Amazon price not refreshed for over a day (hidden from shoppers)";
    case "no-link":
      return "No affiliate URL: no 'Visit store' button, and its coupons without a link of their own show the code alone";
    case "stopped-earning":
      return `No earnings for ${STOPPED_EARNING_DAYS} days though shoppers clicked out ${figure} times: its affiliate tag may be broken, or the network stopped paying`;
    case "review":
      return `Draft submitted for review by ${detail ?? "a removed user"}: open it, then publish it or say what to change`;
    case "backup":
      return `The last backup failed: ${detail ?? "no reason was given"}. Fix the cause (the folder, the disk), then run it again from Background jobs`;
    case "code-changed":
      return detail
        ? `The network now gives the code ${detail}: edit the coupon to use it, or dismiss`
        : "The network no longer gives a code: edit the coupon, or dismiss";
  }
}

/** The actions an item offers besides opening it ('fallback' comes with its URL field). */
export function actionsFor(row: {
  kind: string;
  reasons: ReadonlyArray<{ reason: AttentionReason }>;
}): Array<{ action: AttentionAction; label: string }> {
  // A draft waiting for review is decided on its form, a failed backup on Background jobs; here they can
  // only wait or be dismissed.
  if (row.reasons.every((reason) => reason.reason === "review" || reason.reason === "backup")) {
    return [
      { action: "snooze", label: "Snooze 7 days" },
      { action: "dismiss", label: "Dismiss" },
    ];
  }
  const ends = row.kind === "deal" || row.kind === "coupon";
  return [
    ...(row.kind === "coupon" ? [{ action: "verify" as const, label: "Mark verified" }] : []),
    ...(row.reasons.some((reason) => reason.reason === "link")
      ? [{ action: "fallback" as const, label: "Set fallback URL" }]
      : []),
    ...(ends ? [{ action: "expire" as const, label: "Expire" }] : []),
    // Stores have no status: they are public while they have live items.
    ...(row.kind === "store" ? [] : [{ action: "unpublish" as const, label: "Unpublish" }]),
    { action: "snooze", label: "Snooze 7 days" },
    { action: "dismiss", label: "Dismiss" },
  ];
}

/** What the bulk bar offers: snooze and dismiss (on the ticked items or every one the filter shows), unpublish (ticked). */
export const bulkAttentionActions = [
  { action: "snooze", label: "Snooze 7 days" },
  { action: "dismiss", label: "Dismiss" },
  { action: "unpublish", label: "Unpublish" },
] as const satisfies ReadonlyArray<{ action: AttentionAction; label: string }>;
export type BulkAttentionAction = (typeof bulkAttentionActions)[number]["action"];
