import { z } from "zod";

import { httpUrl } from "#app/lib/validation";
import { webhookBatchModes, webhookEvents, webhookFormats } from "#app/lib/webhook-kinds";

// The webhook form (add and edit share it): where to post, in which format, which events, and what an
// import or a bulk action sends. Whether the address is public is checked by the server on save.

export const webhookSchema = z.object({
  url: httpUrl("URL is required"),
  format: z.enum(webhookFormats, { message: "Choose a format" }),
  events: z
    .array(z.enum(webhookEvents, { message: "Choose from the listed events" }), {
      message: "Choose at least one event",
    })
    .min(1, "Choose at least one event"),
  batches: z.enum(webhookBatchModes, { message: "Choose what imports and bulk actions send" }).default("summary"),
});
export type WebhookInput = z.infer<typeof webhookSchema>;
