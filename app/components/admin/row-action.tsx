import { Form } from "react-router";

import { Button } from "#app/components/ui/button";

/**
 * A small button that posts one intent about one row of a list (remove a user, reset their second factor,
 * remove a passkey), asking first when `confirmText` is given.
 */
export function RowAction({
  intent,
  fields,
  label,
  ariaLabel,
  confirmText,
  busy,
  action,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  ariaLabel: string;
  confirmText?: string;
  busy: boolean;
  /** Where it posts, when not to the page's own action. */
  action?: string;
}) {
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(event) => {
        if (confirmText && !confirm(confirmText)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={ariaLabel}>
        {label}
      </Button>
    </Form>
  );
}
