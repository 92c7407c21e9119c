import type { ComponentProps, ReactNode } from "react";

import { Field, invalid } from "./field";
import { Input } from "./input";
import { Textarea } from "./textarea";

// Fields of the plain forms on public pages (contact, deal alerts), which post without Conform: the page is
// not hydrated. Label, error and hint are wired to the control by its id.

interface Labelled {
  id: string;
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
}

export function PlainInputField({ id, label, errors, hint, ...input }: Labelled & ComponentProps<"input">) {
  return (
    <Field id={id} label={label} errors={errors} hint={hint}>
      <Input id={id} {...input} {...invalid(id, errors)} />
    </Field>
  );
}

/** An email address: the longest a mailbox may be, and the browser's own address suggestions. */
export function PlainEmailField(props: Labelled & Omit<ComponentProps<"input">, "type">) {
  return <PlainInputField name="email" type="email" autoComplete="email" maxLength={254} {...props} />;
}

export function PlainTextareaField({ id, label, errors, hint, ...textarea }: Labelled & ComponentProps<"textarea">) {
  return (
    <Field id={id} label={label} errors={errors} hint={hint}>
      <Textarea id={id} {...textarea} {...invalid(id, errors)} />
    </Field>
  );
}
