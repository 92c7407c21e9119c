import { z } from "zod";
import { optionalImageUrl, optionalText, requiredText, withSlug } from "~/lib/validation";

export const storeApiTypes = ["manual", "amazon", "shopify", "woocommerce"] as const;
/** The Amazon settings screen saves this one; the store form shows it but does not offer it. */
export const allApiTypes = [...storeApiTypes, "amazon_pa"] as const;

export const INVALID_API_CONFIG = "Invalid JSON in API configuration";

const apiConfig = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text?.trim()) return {} as Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: "custom", message: INVALID_API_CONFIG });
    return z.NEVER;
  });

export const storeSchema = z
  .object({
    name: requiredText("Store name is required", 120),
    slug: z.string().trim().max(120).optional(),
    logoUrl: optionalImageUrl(),
    seoTitle: optionalText(200),
    seoDescription: optionalText(500),
    apiType: z.enum(allApiTypes).default("manual"),
    apiConfig,
  })
  .superRefine(withSlug("name"));

export type StoreInput = z.output<typeof storeSchema>;
