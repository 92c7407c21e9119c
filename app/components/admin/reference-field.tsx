import type { FieldMetadata } from "@conform-to/react";

import { ComboboxField } from "#app/components/forms/fields";
import type { ComboboxOption } from "#app/components/ui/combobox";

/** A field that points at a row of another type (a deal's store), searched on the server as the user types. */
export function ReferenceField({
  field,
  to,
  label,
  initial,
  placeholder,
  optional,
  exclude,
  onSelect,
  className,
}: {
  field: FieldMetadata<string | undefined>;
  /** The referenced type's key (`store`, `category`). */
  to: string;
  label: string;
  initial: ComboboxOption | null | undefined;
  placeholder: string;
  /** Whether the field may be left empty (emptying the box clears it). */
  optional?: boolean;
  /** A row (with, for nesting types, everything under it) that may not be chosen. */
  exclude?: string;
  onSelect?: (option: ComboboxOption | null) => void;
  className?: string;
}) {
  const optionsUrl = `/admin/options/${to}${exclude ? `?exclude=${exclude}` : ""}`;
  return (
    <ComboboxField
      field={field}
      label={label}
      optionsUrl={optionsUrl}
      initial={initial ?? null}
      placeholder={placeholder}
      clearable={optional}
      onSelect={onSelect}
      className={className}
    />
  );
}
