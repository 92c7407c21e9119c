import { readFormData } from "#app/lib/form-data";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { successToast } from "#app/lib/toast";
import { allowAttempt, PASSKEY_SIGN_IN_LIMIT, visitorKey } from "#app/modules/rate-limit/rate-limit.server";
import { authenticationOptions, signInWithPasskey } from "#app/modules/users/passkeys.server";
import { passkeySignInSchema } from "#app/modules/users/two-factor.schema";
import { auth } from "#app/platform/auth.server";
import { jsonSettingCookies, toastCookie } from "#app/platform/toast.server";

import type { Route } from "./+types/login-passkey";

// POST /admin/login/passkey: signing in with a passkey, open like the login page. JSON for the login page's
// script: options, then the browser's answer; a right one sets the session and says where to go.

const answer = jsonSettingCookies;

export async function action({ request, context }: Route.ActionArgs) {
  // Open to anyone, like the login page: its steps are counted per address, as sign-in attempts are.
  if (!(await allowAttempt(context.db, PASSKEY_SIGN_IN_LIMIT, visitorKey(context.clientIp, context.appSecret))))
    return answer({ error: "Too many passkey sign-ins from your address. Try again in a quarter of an hour." }, 429);
  const parsed = passkeySignInSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return answer({ error: parsed.error.issues[0]!.message }, 400);
  const input = parsed.data;
  const authApi = await auth();
  if (input.intent === "options") {
    const options = await authenticationOptions(authApi, request.headers);
    return options.ok ? answer(options.value, 200, options.cookies) : answer({ error: options.message }, 400);
  }
  const outcome = await signInWithPasskey(context.db, authApi, {
    headers: request.headers,
    response: input.response,
    ip: context.clientIp,
  });
  if (!outcome.ok) return answer({ error: outcome.message }, 401);
  return answer({ redirectTo: safeRedirectPath(input.redirectTo, "/admin") }, 200, [
    ...outcome.cookies,
    toastCookie(successToast("Logged in successfully")),
  ]);
}
