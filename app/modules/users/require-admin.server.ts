import { redirect } from "react-router";

import { db } from "#app/db/database.server";
import { routerPath } from "#app/lib/admin-paths";
import { type AdminSession, getAdmin } from "#app/platform/auth.server";

import { accessOf, mayAccess, NO_ACCESS } from "./admin-access";
import { hasPasskey } from "./passkeys.server";
import { type Role, roleOf } from "./roles";
import { readRequiredRoles, recentlyConfirmed, TWO_FACTOR_FIRST } from "./step-up.server";

export interface Admin extends AdminSession {
  user: AdminSession["user"] & { role: Role };
}

/** The page a request is for: client navigations fetch `/path.data?_routes=…` for `/path`. */
function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") + url.search;
}

/**
 * Every admin loader and action calls this. Page requests without a session go to the login page
 * (keeping where they were going); anything else (form posts, fetches) gets 401. A signed-in admin whose
 * role may not use this page (admin-access.ts) gets 403, whatever the page shows or hides.
 */
export async function requireAdmin(request: Request): Promise<Admin> {
  const session = await getAdmin(request);
  if (!session) {
    if (request.method === "GET" || request.method === "HEAD") {
      throw redirect(`/admin/login?redirectTo=${encodeURIComponent(pagePath(request))}`);
    }
    throw new Response("Your session has ended. Please sign in again.", { status: 401 });
  }
  const admin = { ...session, user: { ...session.user, role: roleOf(session.user.role) } };
  const path = new URL(request.url).pathname;
  if (!mayAccess(admin.user.role, request.method, path)) throw new Response(NO_ACCESS, { status: 403 });
  await requireSecondFactorRules(request, admin, path);
  return admin;
}

/** Pages a person who must still set up a second factor can use: the page that sets one up (and its passkey steps), and signing out. */
const BEFORE_TWO_FACTOR = ["/admin/security", "/admin/passkey", "/admin/logout"];

/**
 * A role the owner requires two-factor sign-in of goes to set it up before anything else; a change that asks
 * for a recent confirmation (admin-access.ts) goes to confirm first, and comes back. A form sent after the
 * confirmation ran out is sent to confirm too: its page opened within the ten minutes, so little is lost.
 */
async function requireSecondFactorRules(request: Request, admin: Admin, path: string) {
  const page = routerPath(path).replace(/\.data$/, "");
  if (!admin.user.twoFactorEnabled && !BEFORE_TWO_FACTOR.includes(page)) {
    if ((await readRequiredRoles(db())).includes(admin.user.role) && !(await hasPasskey(db(), admin.user.id))) {
      if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin/security");
      throw new Response(TWO_FACTOR_FIRST, { status: 403 });
    }
  }
  if (!accessOf(path).stepUp) return;
  if (await recentlyConfirmed(db(), admin.sessionId)) return;
  throw redirect(`/admin/confirm?redirectTo=${encodeURIComponent(pagePath(request))}`);
}
