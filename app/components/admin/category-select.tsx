import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "#app/components/ui/field";
import { Select } from "#app/components/ui/select";

/** An optional category for a deal or a guide. */
export function CategorySelect({ field, categories }: { field: FieldMetadata<string | undefined>; categories: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <Field id={field.id} label="Category" errors={field.errors}>
      <Select {...getSelectProps(field)} key={field.key} options={categories.map((category) => ({ value: category.id, label: category.name }))} placeholder="No category" />
    </Field>
  );
}
