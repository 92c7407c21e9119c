import { z } from "zod";

import { optionalText, text } from "#app/lib/validation";

// impact.com's Partner API (GET /Mediapartners/{AccountSID}/Ads?Type=COUPON): the coupon ads of the
// brands the account partners with, each carrying its deal, promo code and tracking link. The auth token is
// the source's secret, never a setting.

/** The account's SID, the first half of its HTTP Basic credentials in every Partner API request. */
export const impactAccountSid = () =>
  text("Enter your Impact account SID")
    .trim()
    .regex(/^[A-Za-z0-9]{10,64}$/, "An Impact account SID is letters and digits (IR…)");

export const impactSettingsSchema = z.object({
  accountSid: impactAccountSid(),
  /** One brand's program, for a source of one brand's offers; empty for every program. */
  campaignId: optionalText(12).refine((id) => !id || /^\d+$/.test(id), "A program id is digits"),
});

export type ImpactSettings = z.output<typeof impactSettingsSchema>;
