import type { ReactNode } from "react";
import { Form } from "react-router";

import { Button } from "#app/components/ui/button";

/**
 * A visitor's form (contact, a tip) as the server checks it: what the last post came to above it, then
 * the fields, the hidden field only bots fill (`website`, see public-form.server.ts) and the button.
 */
export function PublicForm({
  done,
  limited,
  submit,
  children,
}: {
  /** Said once the post was taken. */
  done: string | null;
  /** Said when the visitor's limit turned the post away. */
  limited: string | null;
  submit: string;
  children: ReactNode;
}) {
  return (
    <>
      {done ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-800">
          {done}
        </p>
      ) : null}
      {limited ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {limited}
        </p>
      ) : null}
      <Form method="post" noValidate className="space-y-4 rounded-2xl border border-gray-200 bg-white p-6">
        {children}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit">{submit}</Button>
      </Form>
    </>
  );
}
