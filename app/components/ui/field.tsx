import type { ReactNode } from "react";

import { cn } from "#app/lib/cn";

import { Label } from "./label";

/** A labelled control with its error and hint, wired for screen readers by id. */
export function Field({
  id,
  label,
  errors,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const error = errors?.[0];
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p className="text-xs text-gray-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Marks a control with a message for assistive technology, pointing at the message Field renders. */
export function invalid(id: string, messages: string[] | undefined) {
  return messages?.length ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}
