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

const whole = (min: number, max: number, message: string) =>
  z.number({ message: "Enter a whole number" }).int("Enter a whole number").min(min, message).max(max, message);

/**
 * What every source has: a name, a schedule, and whether it publishes on its own. That is off unless the
 * owner turns it on, and then only above a score and up to a number a day (ADR 0041).
 */
const sourceFields = z.object({
  name: requiredText("Give the source a name", 100),
  everyMinutes: z.enum(sourceSchedules).default("240"),
  enabled: checkbox(),
  autoPublish: checkbox(),
  autoMinScore: whole(1, 200, "A score between 1 and 200").optional(),
  autoDailyCap: whole(1, 1000, "Between 1 and 1,000 a day").optional(),
});

/** Auto-publishing may be on only with its bounds: each form checks this after its fields. */
function autoPublishBounded(source: z.output<typeof sourceFields>, context: z.RefinementCtx) {
  if (!source.autoPublish) return;
  if (source.autoMinScore === undefined)
    context.addIssue({ code: "custom", path: ["autoMinScore"], message: "Set the least score it publishes" });
  if (source.autoDailyCap === undefined)
    context.addIssue({ code: "custom", path: ["autoDailyCap"], message: "Set how many it may publish a day" });
}

/**
 * Each kind's own settings. A run reads the stored settings through these too, so settings saved by an older
 * version, or written by hand, are refused with the form's words rather than half-read.
 */
export const sourceSettingsSchemas = {
  feed: feedSettingsSchema,
  awin: awinSettingsSchema,
  impact: impactSettingsSchema,
  amazon: amazonSearchSettingsSchema,
} as const;

export const feedSourceSchema = sourceFields.extend({ settings: feedSettingsSchema }).superRefine(autoPublishBounded);

/** Awin's: the token is required when the source is added, and left empty to keep it when it is changed. */
export const awinSourceSchema = sourceFields
  .extend({ settings: awinSettingsSchema, token: optionalText(500) })
  .superRefine(autoPublishBounded);

/** Impact's: its auth token kept as Awin's is. */
export const impactSourceSchema = sourceFields
  .extend({ settings: impactSettingsSchema, token: optionalText(500) })
  .superRefine(autoPublishBounded);

/** An Amazon saved search: it uses the site's Amazon account, so it has no token of its own. */
export const amazonSourceSchema = sourceFields
  .extend({ settings: amazonSearchSettingsSchema })
  .superRefine(autoPublishBounded);

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
