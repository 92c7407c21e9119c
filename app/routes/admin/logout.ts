import { redirect } from "react-router";

import { errorToast, successToast } from "#app/lib/toast";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { signOut } from "#app/modules/users/sign-in.server";
import { auth } from "#app/platform/auth.server";
import { logger } from "#app/platform/logger.server";
import { redirectWithToast } from "#app/platform/toast.server";

import type { Route } from "./+types/logout";

/** Sign-out is a POST: a link or an image cannot sign anyone out. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  try {
    const cookies = await signOut(context.db, await auth(), request, admin.user);
    return redirectWithToast("/admin/login", successToast("Logged out successfully"), cookies);
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/admin", errorToast("Failed to logout"));
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin");
}
