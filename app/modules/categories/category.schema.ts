import { z } from "zod";

import { optionalReference, optionalSlug, optionalText, requiredText, slugged } from "#app/lib/validation";

/** The form's fields (also what `toRow` maps to columns). */
export const categoryFields = z.object({
  name: requiredText("Category name is required", 120),
  slug: optionalSlug(120),
  description: optionalText(1000),
  parentId: optionalReference(),
});

export const categorySchema = slugged(categoryFields, "name");

export type CategoryInput = z.output<typeof categorySchema>;

export const CATEGORY_CYCLE = "A category cannot sit under itself or one of its subcategories";
