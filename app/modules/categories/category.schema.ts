import { z } from "zod";
import { optionalReference, optionalSlug, optionalText, requiredText, slugged } from "#app/lib/validation";

export const categorySchema = slugged(
  z.object({
    name: requiredText("Category name is required", 120),
    slug: optionalSlug(120),
    description: optionalText(1000),
    parentId: optionalReference(),
  }),
  "name",
);

export type CategoryInput = z.output<typeof categorySchema>;

export const CATEGORY_CYCLE = "A category cannot sit under itself or one of its subcategories";
