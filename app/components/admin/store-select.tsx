import type { FieldMetadata } from "@conform-to/react";
import { SelectField } from "#app/components/forms/fields";

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
  return <SelectField field={field} label="Store" options={stores.map((store) => ({ value: store.id, label: store.name }))} placeholder={placeholder} />;
}
