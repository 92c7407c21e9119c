import { type ComponentProps, type ReactNode, useId } from "react";

import { cn } from "#app/lib/cn";

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select: works before JavaScript loads, and on every device's own picker. */
export function Select({
  options,
  placeholder,
  className,
  ...props
}: ComponentProps<"select"> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <select
      className={cn(
        "h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900",
        "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500",
        className,
      )}
      {...props}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A select under its label, tied to it by id: a label wrapped around a select names it with every option's
 * text as well (a screen reader heard "RoleOwnerEditorContributor"). `className` sizes the field; what
 * `children` holds (a hint) goes under the select.
 */
export function SelectField({
  label,
  className,
  children,
  ...select
}: Omit<ComponentProps<typeof Select>, "children"> & { label: string; children?: ReactNode }) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5 text-sm", className)}>
      <label htmlFor={id} className="font-medium text-gray-900">
        {label}
      </label>
      <Select id={id} {...select} />
      {children}
    </div>
  );
}
