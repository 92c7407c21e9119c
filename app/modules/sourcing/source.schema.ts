import { z } from "zod";

import { checkbox, optionalText, requiredText } from "#app/lib/validation";

import { amazonSearchSettingsSchema } from "./adapters/amazon-search-settings";
import { awinSettingsSchema } from "./adapters/awin-settings";
import { feedSettingsSchema } from "./adapters/feed-settings";
import { impactSettingsSchema } from "./adapters/impact-settings";

// The forms that add or change a source: what every source has (a name, a schedule), the kind's own
// settings, and for a network its API token, which is stored encrypted and never shown again.

export const sourceSchedules = ["60", "240", "720", "1440"] as const;
export const scheduleLabels: Record<(typeof sourceSchedules)[number], string> = {
  "60": "Every hour",
  "240": "Every 4 hours",
  "720": "Twice a day",
  "1440": "Once a day",
};

const sourceFields = {
  name: requiredText("Give the source a name", 100),
  everyMinutes: z.enum(sourceSchedules).default("240"),
  enabled: checkbox(),
};

export const feedSourceSchema = z.object({ ...sourceFields, settings: feedSettingsSchema });

/** Awin's: the token is required when the source is added, and left empty to keep it when it is changed. */
export const awinSourceSchema = z.object({ ...sourceFields, settings: awinSettingsSchema, token: optionalText(500) });

/** Impact's: its auth token kept as Awin's is. */
export const impactSourceSchema = z.object({
  ...sourceFields,
  settings: impactSettingsSchema,
  token: optionalText(500),
});

/** An Amazon saved search: it uses the site's Amazon account, so it has no token of its own. */
export const amazonSourceSchema = z.object({ ...sourceFields, settings: amazonSearchSettingsSchema });

/** The kinds the owner adds here, each with its form's schema. */
export const sourceForms = {
  feed: feedSourceSchema,
  awin: awinSourceSchema,
  impact: impactSourceSchema,
  amazon: amazonSourceSchema,
} as const;
export type ConfigurableKind = keyof typeof sourceForms;
export const isConfigurableKind = (kind: string): kind is ConfigurableKind => kind in sourceForms;

export type SourceInput = z.output<(typeof sourceForms)[ConfigurableKind]>;
