import { useState } from "react";

import { Combobox, type ComboboxOption } from "#app/components/ui/combobox";

/**
 * A filter by another type's row (store, category): a searchable choice, posted as the row's id under
 * `param`. `onChange` runs once the hidden input holds the new id, so it may submit the form.
 */
export function ComboboxFilter({
  param,
  label,
  optionsKey,
  id,
  selectedLabel,
  onChange,
}: {
  param: string;
  label: string;
  optionsKey: string;
  id: string | undefined;
  selectedLabel: string | undefined;
  onChange(): void;
}) {
  const [selected, setSelected] = useState<ComboboxOption | null>(id ? { id, label: selectedLabel ?? "" } : null);
  const noun = label.toLowerCase();
  return (
    <div className="w-48">
      <input type="hidden" name={param} value={selected?.id ?? ""} />
      <Combobox
        id={`filter-${param}`}
        ariaLabel={`Filter by ${noun}`}
        optionsUrl={`/admin/options/${optionsKey}`}
        selected={selected}
        placeholder={`Any ${noun}`}
        clearable
        onSelect={(option) => {
          setSelected(option);
          setTimeout(onChange);
        }}
      />
    </div>
  );
}
