import { z } from "zod";
import { optionalReference, optionalText, requiredText, withSlug } from "~/lib/validation";

export const categorySchema = z
  .object({
    name: requiredText("Category name is required", 120),
    slug: z.string().trim().max(120).optional(),
    description: optionalText(1000),
    parentId: optionalReference(),
  })
  .superRefine(withSlug("name"));

export type CategoryInput = z.output<typeof categorySchema>;

export const CATEGORY_CYCLE = "A category cannot sit under itself or one of its subcategories";
