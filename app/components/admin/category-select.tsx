import type { FieldMetadata } from "@conform-to/react";
import { SelectField } from "#app/components/forms/fields";

/** An optional category for a deal or a guide. */
export function CategorySelect({ field, categories }: { field: FieldMetadata<string | undefined>; categories: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <SelectField field={field} label="Category" options={categories.map((category) => ({ value: category.id, label: category.name }))} placeholder="No category" />
  );
}
