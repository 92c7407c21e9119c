import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from "react";

import { CheckboxField as Checkbox } from "#app/components/ui/checkbox-field";
import { Combobox, type ComboboxOption } from "#app/components/ui/combobox";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select, type SelectOption } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";

// Form controls bound to a Conform field: label, error and hint wired by id, so a form states only its
// layout (`<TextField field={fields.title} label="Title" />`).

type InputType = "text" | "email" | "password" | "url" | "number" | "date" | "datetime-local" | "search";

interface Labelled<Schema> {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  /** Span both columns of a form section. */
  wide?: boolean;
  /** More classes for the field's wrapper. */
  className?: string;
}

/** An amount of money in a TextField: `<TextField … {...moneyInput} />`. */
export const moneyInput = { type: "number", step: "0.01", min: "0.01" } as const;

const wrapperClass = (wide: boolean | undefined, className: string | undefined) =>
  [wide ? "md:col-span-2" : null, className].filter(Boolean).join(" ") || undefined;

export function TextField<Schema>({
  field,
  label,
  hint,
  wide,
  className,
  type = "text",
  ...input
}: Labelled<Schema> & { type?: InputType } & Omit<
    ComponentProps<"input">,
    "type" | "name" | "id" | "defaultValue" | "form"
  >) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} className={wrapperClass(wide, className)}>
      <Input {...getInputProps(field, { type })} key={field.key} {...input} />
    </Field>
  );
}

export function TextareaField<Schema>({
  field,
  label,
  hint,
  wide,
  className,
  ...textarea
}: Labelled<Schema> & Omit<ComponentProps<"textarea">, "name" | "id" | "defaultValue" | "form">) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} className={wrapperClass(wide, className)}>
      <Textarea {...getTextareaProps(field)} key={field.key} {...textarea} />
    </Field>
  );
}

export function SelectField<Schema>({
  field,
  label,
  hint,
  wide,
  className,
  options,
  placeholder,
}: Labelled<Schema> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} className={wrapperClass(wide, className)}>
      <Select {...getSelectProps(field)} key={field.key} options={options} placeholder={placeholder} />
    </Field>
  );
}

export function CheckboxField<Schema>({ field, label, hint, wide }: Omit<Labelled<Schema>, "className">) {
  const box = (
    <Checkbox {...getInputProps(field, { type: "checkbox" })} key={field.key} id={field.id} label={label} hint={hint} />
  );
  return wide ? <div className="md:col-span-2">{box}</div> : box;
}

/** A searchable choice of a row of another type (a deal's store), posted as the row's id. */
export function ComboboxField<Schema>({
  field,
  label,
  hint,
  wide,
  className,
  optionsUrl,
  initial,
  placeholder,
  clearable,
  onSelect,
}: Labelled<Schema> & {
  optionsUrl: string;
  /** The row the stored record points at, named. */
  initial: ComboboxOption | null;
  placeholder?: string;
  clearable?: boolean;
  onSelect?: (option: ComboboxOption | null) => void;
}) {
  const [selected, setSelected] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const picked = useRef(false);
  // After a pick is rendered into the hidden input, tell the form, so its messages follow the new value.
  useEffect(() => {
    if (picked.current) input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [selected]);
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} className={wrapperClass(wide, className)}>
      <input ref={input} type="hidden" name={field.name} value={selected?.id ?? ""} />
      <Combobox
        id={field.id}
        optionsUrl={optionsUrl}
        selected={selected}
        placeholder={placeholder}
        clearable={clearable}
        invalid={!field.valid}
        describedBy={field.errors ? field.errorId : undefined}
        onSelect={(option) => {
          picked.current = true;
          setSelected(option);
          onSelect?.(option);
        }}
      />
    </Field>
  );
}

/** A new account's password and its confirmation (the setup page, an invitation's). */
export function NewPasswordFields<Schema>({
  password,
  confirm,
}: {
  password: FieldMetadata<Schema>;
  confirm: FieldMetadata<Schema>;
}) {
  return (
    <>
      <TextField
        field={password}
        label="Password"
        type="password"
        hint="At least 8 characters."
        autoComplete="new-password"
      />
      <TextField field={confirm} label="Confirm password" type="password" autoComplete="new-password" />
    </>
  );
}
