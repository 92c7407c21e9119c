import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "#app/components/ui/field";
import { Select } from "#app/components/ui/select";

/** Picks a store by id (deals and coupons require one; gift ideas may leave it empty). */
export function StoreSelect({
  field,
  stores,
  placeholder = "Select a store",
}: {
  field: FieldMetadata<string | undefined>;
  stores: ReadonlyArray<{ id: string; name: string }>;
  placeholder?: string;
}) {
  return (
    <Field id={field.id} label="Store" errors={field.errors}>
      <Select {...getSelectProps(field)} key={field.key} options={stores.map((store) => ({ value: store.id, label: store.name }))} placeholder={placeholder} />
    </Field>
  );
}
