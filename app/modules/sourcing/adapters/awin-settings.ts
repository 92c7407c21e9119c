import { z } from "zod";

import { choice, optionalText, text } from "#app/lib/validation";

// Awin's Offers API (POST /publisher/{publisherId}/promotions): the vouchers and promotions of its
// advertisers, as "My Offers" lists them. The API token is the source's secret, never a setting.

/** The account's publisher id, as Awin's offers and transactions APIs both ask for it. */
export const awinPublisherId = () =>
  text("Enter your Awin publisher id")
    .trim()
    .regex(/^\d{1,12}$/, "An Awin publisher id is digits");

export const awinSettingsSchema = z.object({
  publisherId: awinPublisherId(),
  membership: choice(["joined", "all"] as const).default("joined"),
  type: choice(["all", "voucher", "promotion"] as const).default("all"),
  /** Two-letter region codes, comma-separated ("GB, IE"); empty for every region. */
  regionCodes: optionalText(200).refine(
    (codes) => !codes || codes.split(",").every((code) => /^[A-Za-z]{2}$/.test(code.trim())),
    "Region codes are two letters, separated by commas (GB, IE)",
  ),
});

export type AwinSettings = z.output<typeof awinSettingsSchema>;
