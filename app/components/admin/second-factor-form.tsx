import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";

import { TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { codeSchema } from "#app/modules/users/two-factor.schema";

/**
 * A code from the authenticator app, or one of the backup codes (`?kind=backup`): the sign-in's second step
 * and confirming it is you before a sensitive change share it. Switching kind is a link, so it works without
 * the page's script.
 */
export function SecondFactorForm({
  kind,
  redirectTo,
  lastResult,
  submit,
}: {
  kind: "totp" | "backup";
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  submit: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm(codeSchema, { lastResult, shouldValidate: "onSubmit" });
  const other = new URLSearchParams({ redirectTo, ...(kind === "totp" ? { kind: "backup" } : {}) });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {kind === "totp" ? (
        <TextField
          field={fields.code}
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows for DealDash."
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
      ) : (
        <TextField
          field={fields.code}
          label="Backup code"
          hint="One of the ten codes you kept when you set up two-factor sign-in. Each works once."
          autoComplete="off"
          autoFocus
        />
      )}
      <Button type="submit" disabled={navigation.state !== "idle"}>
        {navigation.state !== "idle" ? "Checking..." : submit}
      </Button>
      <Link to={`?${other}`} className="text-center text-sm text-brand-700 underline">
        {kind === "totp" ? "Use a backup code instead" : "Use your authenticator app instead"}
      </Link>
    </Form>
  );
}
