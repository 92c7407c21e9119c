import { redirect } from "react-router";

import { type AdminSession, getAdmin } from "#app/platform/auth.server";

import { mayAccess, NO_ACCESS } from "./admin-access";
import { type Role, roleOf } from "./roles";

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
  if (!mayAccess(admin.user.role, request.method, new URL(request.url).pathname)) {
    throw new Response(NO_ACCESS, { status: 403 });
  }
  return admin;
}
