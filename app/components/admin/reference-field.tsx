import type { FieldMetadata } from "@conform-to/react";

import { ComboboxField } from "#app/components/forms/fields";
import type { ComboboxOption } from "#app/components/ui/combobox";

/** A field that points at a row of another type (a deal's store), searched on the server as the user types. */
export function ReferenceField({
  field,
  to,
  label,
  refs,
  placeholder,
  optional,
  exclude,
  onSelect,
  wide,
}: {
  field: FieldMetadata<string | undefined>;
  /** The referenced type's key (`store`, `category`). */
  to: string;
  label: string;
  /** The form's chosen rows by field (the loader's `refs`): this field's is shown until the user picks. */
  refs: Record<string, ComboboxOption | null | undefined>;
  /** The empty box's words: "No category" when optional, "Select a store" when not, unless given. */
  placeholder?: string;
  /** Whether the field may be left empty (emptying the box clears it). */
  optional?: boolean;
  /** A row (with, for nesting types, everything under it) that may not be chosen. */
  exclude?: string;
  onSelect?: (option: ComboboxOption | null) => void;
  wide?: boolean;
}) {
  const optionsUrl = `/admin/options/${to}${exclude ? `?exclude=${exclude}` : ""}`;
  return (
    <ComboboxField
      field={field}
      label={label}
      optionsUrl={optionsUrl}
      initial={refs[field.name] ?? null}
      placeholder={placeholder ?? (optional ? `No ${to}` : `Select a ${to}`)}
      clearable={optional}
      onSelect={onSelect}
      wide={wide}
    />
  );
}
