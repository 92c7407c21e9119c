import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";

import { SignInCard } from "#app/components/admin/sign-in-card";
import { NewPasswordFields, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { readFormData } from "#app/lib/form-data";
import { pageMeta } from "#app/lib/seo";
import { successToast } from "#app/lib/toast";
import { acceptInvitation, readInvitation } from "#app/modules/users/invitations.server";
import { ROLE_LABELS } from "#app/modules/users/roles";
import { signIn } from "#app/modules/users/sign-in.server";
import { acceptInvitationSchema } from "#app/modules/users/team.schema";
import { auth } from "#app/platform/auth.server";
import { redirectWithToast } from "#app/platform/toast.server";

import type { Route } from "./+types/invitation";

export const meta = () => [
  ...pageMeta("Join DealDash", "Accept an invitation to the DealDash admin."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = { id: url.searchParams.get("id"), token: url.searchParams.get("token") };
  const check = await readInvitation(context.db, context, link);
  if (!check.ok) return data({ refused: check.message, invitation: null, link }, { status: 410 });
  return { refused: null, invitation: check.invitation, link };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: acceptInvitationSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: ["password", "confirmPassword"] });
    return data({ result, refused: null }, { status: 400 });
  }
  const accepted = await acceptInvitation(context.db, await auth(), context, submission.value);
  if (!accepted.ok) return data({ result: null, refused: accepted.message }, { status: 410 });
  const outcome = await signIn(context.db, await auth(), {
    email: accepted.invitation.email,
    password: submission.value.password,
    ip: context.clientIp,
    headers: request.headers,
  });
  return redirectWithToast("/admin", successToast("Welcome to DealDash"), outcome.ok ? outcome.cookies : []);
}

function Refused({ message }: { message: string }) {
  return (
    <div role="alert">
      <h1 className="text-2xl font-bold">Invitation not valid</h1>
      <p className="mt-2 text-gray-600">{message}</p>
      <Link to="/admin/login" className="mt-6 inline-block font-medium text-brand-600 underline">
        Go to sign-in
      </Link>
    </div>
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm(acceptInvitationSchema, { lastResult: actionData?.result });
  const refused = actionData?.refused ?? loaderData.refused;
  const { invitation, link } = loaderData;
  return (
    <SignInCard>
      {refused ? (
        <Refused message={refused} />
      ) : invitation ? (
        <>
          <h1 className="text-2xl font-bold">Join DealDash</h1>
          <p className="mt-1 mb-6 text-sm text-gray-600">
            You are invited as {ROLE_LABELS[invitation.role].toLowerCase()} with {invitation.email}. Choose your
            password to finish.
          </p>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="id" value={link.id ?? ""} />
            <input type="hidden" name="token" value={link.token ?? ""} />
            <TextField field={fields.name} label="Your name" autoComplete="name" />
            <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
            <Button type="submit" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" ? "Creating..." : "Create my account"}
            </Button>
          </Form>
        </>
      ) : null}
    </SignInCard>
  );
}
