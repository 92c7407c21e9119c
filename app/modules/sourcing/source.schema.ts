import { z } from "zod";

import { checkbox, requiredText } from "#app/lib/validation";

import { feedSettingsSchema } from "./adapters/feed-settings";

// The form that adds or changes a source. Feeds are the kind the owner configures here; each network adds
// its own settings schema beside this one.

export const sourceSchedules = ["60", "240", "720", "1440"] as const;
export const scheduleLabels: Record<(typeof sourceSchedules)[number], string> = {
  "60": "Every hour",
  "240": "Every 4 hours",
  "720": "Twice a day",
  "1440": "Once a day",
};

export const feedSourceSchema = z.object({
  name: requiredText("Give the source a name", 100),
  everyMinutes: z.enum(sourceSchedules).default("240"),
  enabled: checkbox(),
  settings: feedSettingsSchema,
});

export type FeedSourceInput = z.output<typeof feedSourceSchema>;
