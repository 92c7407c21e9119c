import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigate, useNavigation, useSearchParams } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { PasskeyButton } from "#app/components/admin/passkey-button";
import { passkeyCeremony } from "#app/components/admin/passkey-ceremony";
import { SecondFactorForm } from "#app/components/admin/second-factor-form";
import { TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { useToast } from "#app/components/ui/toaster";
import { readFormData } from "#app/lib/form-data";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { errorToast } from "#app/lib/toast";
import { whyNoPasskeys } from "#app/modules/users/passkey-reach.server";
import { hasPasskey } from "#app/modules/users/passkeys.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { type Confirmation, confirmIdentity } from "#app/modules/users/step-up.server";
import { codeSchema, confirmPasswordSchema } from "#app/modules/users/two-factor.schema";
import { auth } from "#app/platform/auth.server";

import type { Route } from "./+types/confirm";

// Confirming it is you before a sensitive change (admin-access.ts marks those pages): a second-factor code,
// or the password for an account without one. It lasts ten minutes for this session.

export const meta = () => [{ title: "Confirm it's you | DealDash Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    withCode: admin.user.twoFactorEnabled,
    withPasskey: await hasPasskey(context.db, admin.user.id),
    noPasskeys: whyNoPasskeys(context.env.PUBLIC_URL, request.url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const withCode = form.has("code");
  const submission = withCode
    ? parseWithZod(form, { schema: codeSchema })
    : parseWithZod(form, { schema: confirmPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const value = submission.value;
  const confirmation: Confirmation =
    "code" in value ? { kind: value.kind, code: value.code } : { kind: "password", password: value.password };
  const outcome = await confirmIdentity(
    context.db,
    await auth(),
    { headers: request.headers, sessionId: admin.sessionId, user: admin.user },
    confirmation,
  );
  if (outcome.ok) throw redirect(safeRedirectPath(value.redirectTo, "/admin"));
  const field = withCode ? "code" : "password";
  return data(
    {
      result: submission.reply({ fieldErrors: { [field]: [outcome.message] }, hideFields: ["password"] }),
      toast: errorToast(outcome.message),
    },
    { status: 401 },
  );
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  useToast(actionData?.toast);
  const redirectTo = searchParams.get("redirectTo") ?? "/admin";
  return (
    <div className="mx-auto max-w-md">
      <AdminPageHeader
        title="Confirm it's you"
        description={`This page changes credentials, tags, people or money. ${confirmWith(loaderData)} to go on; it lasts ten minutes.`}
      />
      <div className="flex flex-col gap-4 rounded-lg border bg-white p-6">
        {loaderData.withPasskey ? (
          <PasskeyButton
            label="Use a passkey"
            variant={loaderData.withCode ? "outline" : "primary"}
            unavailable={loaderData.noPasskeys}
            run={() => passkeyCeremony("/admin/passkey", "authenticate", ["confirm-options", "confirm"])}
            onDone={() => navigate(safeRedirectPath(redirectTo, "/admin"))}
          />
        ) : null}
        {loaderData.withCode ? (
          <SecondFactorForm
            kind={searchParams.get("kind") === "backup" ? "backup" : "totp"}
            redirectTo={redirectTo}
            lastResult={actionData?.result}
            submit="Confirm"
          />
        ) : loaderData.withPasskey ? null : (
          <PasswordForm redirectTo={redirectTo} lastResult={actionData?.result} />
        )}
      </div>
    </div>
  );
}

/** What the page asks for: whatever of a passkey and an app the person has, their password when neither. */
function confirmWith({ withCode, withPasskey }: { withCode: boolean; withPasskey: boolean }): string {
  if (withCode && withPasskey) return "Use your passkey or type a code from your authenticator app";
  if (withCode) return "Type a code from your authenticator app";
  return withPasskey ? "Use your passkey" : "Type your password";
}

function PasswordForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult: Parameters<typeof useValidatedForm>[1]["lastResult"];
}) {
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm(confirmPasswordSchema, { lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" autoFocus />
      <Button type="submit" disabled={navigation.state !== "idle"}>
        {navigation.state !== "idle" ? "Checking..." : "Confirm"}
      </Button>
    </Form>
  );
}
