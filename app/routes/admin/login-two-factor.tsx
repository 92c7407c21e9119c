import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useSearchParams } from "react-router";

import { SecondFactorForm } from "#app/components/admin/second-factor-form";
import { SignInCard } from "#app/components/admin/sign-in-card";
import { useToast } from "#app/components/ui/toaster";
import { readFormData } from "#app/lib/form-data";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { pageMeta } from "#app/lib/seo";
import { errorToast, successToast } from "#app/lib/toast";
import { codeSchema } from "#app/modules/users/two-factor.schema";
import { CHALLENGE_ENDED, challengedUser, completeSignIn } from "#app/modules/users/two-factor.server";
import { auth, getAdmin } from "#app/platform/auth.server";
import { redirectWithToast } from "#app/platform/toast.server";

import type { Route } from "./+types/login-two-factor";

// The sign-in's second step, after a right password for an account with two-factor sign-in. The
// password step left the plugin's challenge cookie (ten minutes, five codes).

export const meta = () => [
  ...pageMeta("Two-factor sign-in", "Sign in to manage DealDash."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect("/admin");
  if (!(await challengedUser(context.db, request.headers)))
    throw redirectWithToast("/admin/login", errorToast(CHALLENGE_ENDED));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: codeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const { kind, code, redirectTo } = submission.value;
  const outcome = await completeSignIn(context.db, await auth(), {
    kind,
    code,
    headers: request.headers,
    ip: context.clientIp,
    appSecret: context.appSecret,
  });
  if (outcome.ok) {
    return redirectWithToast(
      safeRedirectPath(redirectTo, "/admin"),
      successToast("Logged in successfully"),
      outcome.cookies,
    );
  }
  if (outcome.message === CHALLENGE_ENDED) return redirectWithToast("/admin/login", errorToast(CHALLENGE_ENDED));
  return data(
    { result: submission.reply({ fieldErrors: { code: [outcome.message] } }), toast: errorToast(outcome.message) },
    { status: 401 },
  );
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  useToast(actionData?.toast);
  const kind = searchParams.get("kind") === "backup" ? "backup" : "totp";
  return (
    <SignInCard
      title="Two-factor sign-in"
      intro={
        kind === "totp"
          ? "Open your authenticator app and type the code it shows for DealDash."
          : "Type one of your backup codes. Once used, it will not work again."
      }
    >
      <SecondFactorForm
        kind={kind}
        redirectTo={searchParams.get("redirectTo") ?? "/admin"}
        lastResult={actionData?.result}
        submit="Verify"
      />
    </SignInCard>
  );
}
