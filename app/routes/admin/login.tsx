import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock } from "lucide-react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";

import { PasskeyButton } from "#app/components/admin/passkey-button";
import { passkeyCeremony } from "#app/components/admin/passkey-ceremony";
import { TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { useToast } from "#app/components/ui/toaster";
import { readFormData } from "#app/lib/form-data";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { pageMeta } from "#app/lib/seo";
import { errorToast, successToast } from "#app/lib/toast";
import { saveSiteTimeZone, siteTimeZoneChosen } from "#app/modules/site-settings/time-zone.server";
import { whyNoPasskeys } from "#app/modules/users/passkey-reach.server";
import { signIn } from "#app/modules/users/sign-in.server";
import { loginSchema } from "#app/modules/users/user.schema";
import { auth, getAdmin } from "#app/platform/auth.server";
import { redirectSettingCookies, redirectWithToast } from "#app/platform/toast.server";

import type { Route } from "./+types/login";

export const meta = () => [
  ...pageMeta("Admin Access", "Sign in to manage DealDash."),
  { name: "robots", content: "noindex" },
];

/** After a right password for an account whose second factor is a passkey. */
const PASSKEY_NEXT =
  "Your password is right. This account's second step is its passkey: use Sign in with a passkey to finish.";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect("/admin");
  return { noPasskeys: whyNoPasskeys(context.env.PUBLIC_URL, request.url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const { email, password, redirectTo, timeZone } = submission.value;
  const outcome = await signIn(context.db, await auth(), {
    email,
    password,
    ip: context.clientIp,
    headers: request.headers,
  });
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        toast: errorToast(outcome.message || "Failed to login"),
      },
      { status: outcome.status },
    );
  }
  if (outcome.ok === "passkey")
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null, passkeyNext: true });
  if (outcome.ok === "second-factor") {
    const next = safeRedirectPath(redirectTo, "/admin");
    return redirectSettingCookies(`/admin/login/two-factor?redirectTo=${encodeURIComponent(next)}`, outcome.cookies);
  }
  // Until a zone is chosen, the first sign-in's browser says where the owner is.
  if (timeZone && !(await siteTimeZoneChosen(context.db))) await saveSiteTimeZone(context.db, timeZone, outcome.user);
  return redirectWithToast(
    safeRedirectPath(redirectTo, "/admin"),
    successToast("Logged in successfully"),
    outcome.cookies,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  useToast(actionData?.toast);
  const passkeyNext = actionData !== undefined && "passkeyNext" in actionData;
  const [form, fields] = useValidatedForm(loginSchema, {
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gray-900 to-brand-700 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Lock className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Admin Access</h1>
          <p className="text-sm text-gray-600">Sign in to manage DealDash content.</p>
        </div>
        <Form method="post" action="/admin/login" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          {/* Filled in by the browser once it runs the page: the zone it is in. */}
          <input
            type="hidden"
            name="timeZone"
            ref={(input) => {
              if (input) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
            }}
          />
          <TextField field={fields.email} label="Email" type="email" autoComplete="username" />
          <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
          <Button type="submit" disabled={busy} className="mt-2 w-full">
            {busy ? "Signing in..." : "Sign In"}
          </Button>
        </Form>
        <div className="mt-4 flex flex-col gap-3">
          {passkeyNext ? (
            <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
              {PASSKEY_NEXT}
            </p>
          ) : null}
          <PasskeyButton
            label="Sign in with a passkey"
            variant={passkeyNext ? "primary" : undefined}
            unavailable={loaderData.noPasskeys}
            run={() =>
              passkeyCeremony("/admin/login/passkey", "authenticate", ["options", "verify"], {
                redirectTo: searchParams.get("redirectTo") ?? "",
              })
            }
            // A full load, so the dashboard reads the new session and the toast.
            onDone={(body) => window.location.assign(String(body.redirectTo ?? "/admin"))}
          />
        </div>
      </div>
    </main>
  );
}
