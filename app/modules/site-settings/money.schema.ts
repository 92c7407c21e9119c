import { z } from "zod";

import { isCurrency, isLocale } from "#app/lib/money";
import { choice, text } from "#app/lib/validation";

export const euRuleChoices = ["auto", "on", "off"] as const;

/** The Currency form of Admin → Settings → Site. */
export const siteMoneySchema = z.object({
  currency: text().trim().toUpperCase().refine(isCurrency, "Choose a currency from the list"),
  locale: text().trim().refine(isLocale, "Enter a locale such as en-US, de-DE or fr-FR"),
  euPriceRules: choice(euRuleChoices),
});
