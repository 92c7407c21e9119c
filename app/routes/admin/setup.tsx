import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";

import { SignInCard } from "#app/components/admin/sign-in-card";
import { NewPasswordFields, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { readFormData } from "#app/lib/form-data";
import { pageMeta } from "#app/lib/seo";
import { successToast } from "#app/lib/toast";
import { signIn } from "#app/modules/users/sign-in.server";
import { setupSchema } from "#app/modules/users/user.schema";
import { consumeSetupToken, createAdmin, isSetupTokenValid } from "#app/modules/users/users.server";
import { auth } from "#app/platform/auth.server";
import { redirectWithToast } from "#app/platform/toast.server";

import type { Route } from "./+types/setup";

export const meta = () => [
  ...pageMeta("Set up DealDash", "Create the first admin account."),
  { name: "robots", content: "noindex" },
];

const INVALID_LINK = "This setup link is invalid or has already been used.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await isSetupTokenValid(context.db, token))) throw data(INVALID_LINK, { status: 404 });
  return { token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: setupSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  const { token, email, password } = submission.value;
  // Checked again here, then consumed atomically: one token makes one account.
  if (!(await isSetupTokenValid(context.db, token)) || !(await consumeSetupToken(context.db, token))) {
    throw data(INVALID_LINK, { status: 404 });
  }
  await createAdmin(
    context.db,
    await auth(),
    { email, password, role: "owner" },
    { action: "setup", via: "setup link" },
  );
  const outcome = await signIn(context.db, await auth(), {
    email,
    password,
    ip: context.clientIp,
    headers: request.headers,
  });
  return redirectWithToast("/admin", successToast("Admin account created"), outcome.ok ? outcome.cookies : []);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm(setupSchema, {
    lastResult: actionData?.result,
  });
  return (
    <SignInCard title="Welcome to DealDash" intro="Create the first admin account. This link works once.">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="username" />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Creating..." : "Create admin account"}
        </Button>
      </Form>
    </SignInCard>
  );
}

export function ErrorBoundary() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 text-center">
      <div>
        <h1 className="text-2xl font-bold">Setup link not valid</h1>
        <p className="mt-2 text-gray-600">{INVALID_LINK} Sign in at /admin/login instead.</p>
      </div>
    </main>
  );
}
