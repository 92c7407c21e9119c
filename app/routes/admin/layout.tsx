import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, Outlet, useLocation, useNavigate } from "react-router";

import { AdminShell, SIDEBAR_COOKIE } from "#app/components/admin/admin-shell";
import { ErrorNotice } from "#app/components/ui/error-notice";
import type { AdminNavItem } from "#app/lib/admin-list";
import { readCookie } from "#app/lib/cookies";
import { pageMeta } from "#app/lib/seo";
import { sidebarAttentionCount } from "#app/modules/attention/attention.server";
import { adminNavigation, adminSettingsNavigation } from "#app/modules/catalogue/admin-overview.server";
import { mayAccess, NO_ACCESS } from "#app/modules/users/admin-access";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/layout";

export const meta = () => [...pageMeta("Admin", "DealDash content management"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const opens = (item: AdminNavItem) => mayAccess(admin.user.role, "GET", item.to);
  const waiting = mayAccess(admin.user.role, "GET", "/admin/attention") ? await sidebarAttentionCount(context.db) : 0;
  const headers = new Headers();
  for (const cookie of admin.refreshCookies) headers.append("Set-Cookie", cookie);
  return data(
    {
      email: admin.user.email,
      sections: { nav: adminNavigation(waiting).filter(opens), settings: adminSettingsNavigation().filter(opens) },
      sidebarCollapsed: readCookie(request.headers.get("cookie"), SIDEBAR_COOKIE) === "collapsed",
    },
    { headers },
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      email={loaderData.email}
      sections={loaderData.sections}
      initiallyCollapsed={loaderData.sidebarCollapsed}
    >
      <Outlet />
    </AdminShell>
  );
}

/** A tab whose session ended (signed out elsewhere, expired) gets 401 from its next action: off to login. */
function SessionEnded() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigate(`/admin/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [navigate, location.pathname, location.search]);
  return <p className="p-6 text-gray-700">Your session has ended. Taking you to the sign-in page…</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) return <SessionEnded />;
  return (
    <main className="mx-auto max-w-xl p-12 text-center">
      {isRouteErrorResponse(error) && error.status === 403 ? (
        <div role="alert">
          <h1 className="text-2xl font-bold text-gray-900">Not allowed</h1>
          <p className="mt-2 text-gray-600">{NO_ACCESS}</p>
        </div>
      ) : (
        <ErrorNotice
          notFound={isRouteErrorResponse(error) && error.status === 404}
          words={{
            notFound: { title: "Not found", message: "This item does not exist or was deleted." },
            failed: { title: "Something went wrong", message: "The admin page could not be loaded. Please try again." },
          }}
        />
      )}
      <Link to="/admin" className="mt-6 inline-block font-medium text-brand-600 underline">
        Back to the dashboard
      </Link>
    </main>
  );
}
