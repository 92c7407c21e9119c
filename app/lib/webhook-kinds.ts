// What a webhook can be sent (db/schema/webhooks.ts stores them; the admin's form offers them).

export const webhookFormats = ["json", "discord", "slack"] as const;
export type WebhookFormat = (typeof webhookFormats)[number];
export const webhookEvents = [
  "deal.published",
  "deal.updated",
  "deal.expired",
  "coupon.published",
  "guide.published",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** What an import or a bulk action sends a hook: one summary of the operation, or nothing. */
export const webhookBatchModes = ["summary", "quiet"] as const;
export type WebhookBatchMode = (typeof webhookBatchModes)[number];

/** Each event as the owner chooses it and reads it in the catalogue and the delivery log. */
export const webhookEventInfo: Record<WebhookEvent, { label: string; description: string }> = {
  "deal.published": {
    label: "Deal published",
    description: "A deal went live: published now, or its publish time came.",
  },
  "deal.updated": {
    label: "Deal updated",
    description: "A live deal was saved with changes, or its Amazon price changed.",
  },
  "deal.expired": {
    label: "Deal expired",
    description: "A live deal ended, was unpublished, or reached its unpublish time.",
  },
  "coupon.published": { label: "Coupon published", description: "A coupon went live." },
  "guide.published": { label: "Guide published", description: "A buying guide went live." },
};
