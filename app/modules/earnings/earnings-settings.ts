import { z } from "zod";

import { checkbox, optionalText, requiredText, text } from "#app/lib/validation";
import { awinPublisherId } from "#app/modules/sourcing/adapters/awin-settings";
import { impactAccountSid } from "#app/modules/sourcing/adapters/impact-settings";

// The forms that add or change an earnings source: a name, a schedule, how far back each run reads again,
// the account's ids, and its API token, stored encrypted and never shown again (left empty to keep it).

export const awinEarningsSettingsSchema = z.object({ publisherId: awinPublisherId() });
export type AwinEarningsSettings = z.output<typeof awinEarningsSettingsSchema>;

/** CJ's publisher company id (CID), as its commissions API asks for it in `forPublishers`. */
export const cjEarningsSettingsSchema = z.object({
  companyId: text("Enter your CJ company id (CID)")
    .trim()
    .regex(/^\d{1,12}$/, "A CJ company id is digits"),
});
export type CjEarningsSettings = z.output<typeof cjEarningsSettingsSchema>;

export const impactEarningsSettingsSchema = z.object({ accountSid: impactAccountSid() });
export type ImpactEarningsSettings = z.output<typeof impactEarningsSettingsSchema>;

export const earningsSchedules = ["60", "360", "720", "1440"] as const;
export const earningsScheduleLabels: Record<(typeof earningsSchedules)[number], string> = {
  "60": "Every hour",
  "360": "Every 6 hours",
  "720": "Twice a day",
  "1440": "Once a day",
};

const earningsSourceFields = z.object({
  name: requiredText("Give the source a name", 100),
  everyMinutes: z.enum(earningsSchedules).default("360"),
  lookBackDays: z
    .number({ message: "Enter a whole number of days" })
    .int("Enter a whole number of days")
    .min(1, "Between 1 and 400 days")
    .max(400, "Between 1 and 400 days")
    .default(90),
  enabled: checkbox(),
  token: optionalText(500),
});

export const earningsSourceForms = {
  awin: earningsSourceFields.extend({ settings: awinEarningsSettingsSchema }),
  cj: earningsSourceFields.extend({ settings: cjEarningsSettingsSchema }),
  impact: earningsSourceFields.extend({ settings: impactEarningsSettingsSchema }),
  // The site's Amazon account (Settings → Amazon) reads the reports: no id or token of its own.
  amazon: earningsSourceFields.extend({ settings: z.object({}).default({}) }),
} as const;

export type EarningsSourceInput = z.output<(typeof earningsSourceForms)[keyof typeof earningsSourceForms]>;
