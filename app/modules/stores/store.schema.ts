import { z } from "zod";

import {
  checkbox,
  choice,
  INVALID_CHARACTER,
  optionalHttpUrl,
  optionalImageUrl,
  optionalSlug,
  optionalText,
  requiredText,
  slugged,
  text,
} from "#app/lib/validation";

export const storeApiTypes = ["manual", "amazon", "shopify", "woocommerce"] as const;
/** The Amazon settings screen saves this one; the store form shows it but does not offer it. */
export const allApiTypes = [...storeApiTypes, "amazon_pa"] as const;

export const INVALID_API_CONFIG = "Invalid JSON in API configuration";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL's jsonb can hold this value: it refuses \u0000 and unpaired surrogate escapes. */
function storableInJsonb(value: unknown): boolean {
  if (typeof value === "string") return !value.includes("\0") && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(storableInJsonb);
  if (value && typeof value === "object")
    return Object.entries(value).every(([key, item]) => storableInJsonb(key) && storableInJsonb(item));
  return true;
}

const apiConfig = text()
  .max(20_000, "Must be at most 20000 characters")
  .optional()
  .transform((json, ctx) => {
    if (!json?.trim()) return {} as Record<string, unknown>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", message: INVALID_API_CONFIG });
      return z.NEVER;
    }
    if (!storableInJsonb(parsed)) {
      ctx.addIssue({ code: "custom", message: INVALID_CHARACTER });
      return z.NEVER;
    }
    return parsed as Record<string, unknown>;
  });

/** The form's fields (also what `toRow` maps to columns). */
export const storeFields = z.object({
  name: requiredText("Store name is required", 120),
  slug: optionalSlug(120),
  logoUrl: optionalImageUrl(),
  seoTitle: optionalText(200),
  seoDescription: optionalText(500),
  affiliateUrl: optionalHttpUrl(),
  apiType: choice(allApiTypes).default("manual"),
  apiConfig,
  clickIdsOff: checkbox(),
});

export const storeSchema = slugged(storeFields, "name");

export type StoreInput = z.output<typeof storeSchema>;
