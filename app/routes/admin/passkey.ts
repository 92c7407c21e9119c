import { redirect } from "react-router";

import { readFormData } from "#app/lib/form-data";
import {
  authenticationOptions,
  confirmWithPasskey,
  register,
  registrationOptions,
} from "#app/modules/users/passkeys.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { CONFIRM_FIRST, recentlyConfirmed } from "#app/modules/users/step-up.server";
import { passkeyActionSchema } from "#app/modules/users/two-factor.schema";
import { auth } from "#app/platform/auth.server";
import { jsonSettingCookies } from "#app/platform/toast.server";

import type { Route } from "./+types/passkey";

// POST /admin/passkey: the signed-in person's passkey ceremonies, answered in JSON for the page's script
// (components/admin/passkey-button.tsx): options, then the browser's answer.

const answer = jsonSettingCookies;

/** Opened as a page, it sends a signed-in person to where passkeys are managed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/security");
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = passkeyActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return answer({ error: parsed.error.issues[0]!.message }, 400);
  const input = parsed.data;
  const authApi = await auth();
  switch (input.intent) {
    // A session alone must not add a way in that outlives it (a stolen cookie would keep the account).
    case "register-options": {
      if (!(await recentlyConfirmed(context.db, admin.sessionId))) return answer({ error: CONFIRM_FIRST }, 403);
      const options = await registrationOptions(authApi, request.headers, admin.user.id, context.db);
      return options.ok ? answer(options.value, 200, options.cookies) : answer({ error: options.message }, 400);
    }
    case "register": {
      const added = await register(context.db, authApi, { headers: request.headers, actor: admin.user }, input);
      return added.ok ? answer({ ok: true }) : answer({ error: added.message }, 400);
    }
    case "confirm-options": {
      const options = await authenticationOptions(authApi, request.headers);
      return options.ok ? answer(options.value, 200, options.cookies) : answer({ error: options.message }, 400);
    }
    case "confirm": {
      const confirmed = await confirmWithPasskey(context.db, authApi, {
        headers: request.headers,
        response: input.response,
        sessionId: admin.sessionId,
        user: admin.user,
      });
      return confirmed.ok ? answer({ ok: true }) : answer({ error: confirmed.message }, 400);
    }
  }
}
