// What a webhook can be sent (db/schema/webhooks.ts stores them; the admin's form offers them).

export const webhookFormats = ["json", "discord", "slack"] as const;
export type WebhookFormat = (typeof webhookFormats)[number];
export const webhookEvents = ["deal.published", "deal.updated", "deal.expired", "coupon.published", "guide.published"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
