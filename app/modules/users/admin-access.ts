import { matchPath } from "react-router";

import { routerPath } from "#app/lib/admin-paths";
import { faces } from "#app/modules/catalogue/faces";
import { adminPathOf, lifecycleOf } from "#app/modules/content-types/words";

import { atLeast, type Role } from "./roles";

// Who may open each admin page (its loader) and send its forms (its action), by URL. Every admin loader and
// action asks through requireAdmin, and the edge asks before a write's body is read. A page not named here
// is the owner's alone: settings, users, webhooks, sourcing sources, earnings, the newsletter's readers, the
// outbox and the jobs, and any page added later until it is named.

/** What a refused role is told, on the page and in a toast. */
export const NO_ACCESS = "Your role does not allow this. Ask an owner if you need it.";

interface Access {
  read: Role;
  write: Role;
  /**
   * Opening and sending ask the person to confirm it is them (second factor, or password without one) when
   * they last did more than ten minutes ago: credentials, affiliate tags, users, webhooks, revenue settings.
   */
  stepUp?: true;
}
const both = (role: Role): Access => ({ read: role, write: role });
const OWNER_ONLY: Access = both("owner");
const OWNER_CONFIRMED: Access = { ...OWNER_ONLY, stepUp: true };

/** Types with drafts are a contributor's to write (their own rows: content.server.ts); stores and categories are an editor's. */
const contentAccess = faces.flatMap((face): Array<[string, Access]> => {
  const base = adminPathOf(face);
  const writer = lifecycleOf(face) ? "contributor" : "editor";
  return [
    [base, both(writer)],
    [`${base}/add`, both(writer)],
    [`${base}/edit/:id`, both(writer)],
    [`${base}/revisions/:id`, both(writer)],
    [`${base}/previews/:id`, both(writer)],
    [`${base}/csv`, both("editor")],
  ];
});

const ACCESS: Array<[string, Access]> = [
  ["/admin", both("contributor")],
  ["/admin/logout", both("contributor")],
  ["/admin/security", both("contributor")],
  ["/admin/confirm", both("contributor")],
  ["/admin/passkey", both("contributor")],
  ["/admin/options/:key", both("contributor")],
  ["/api/amazon-product", both("contributor")],
  ["/admin/analytics", both("editor")],
  ["/admin/analytics/csv", both("editor")],
  ["/admin/attention", both("editor")],
  ["/admin/calendar", both("editor")],
  ["/admin/sourcing", both("editor")],
  ...contentAccess,
  ["/admin/settings/amazon", OWNER_CONFIRMED],
  ["/admin/settings/webhooks", OWNER_CONFIRMED],
  ["/admin/users", OWNER_CONFIRMED],
  ["/admin/sourcing/sources", OWNER_CONFIRMED],
  ["/admin/earnings", OWNER_CONFIRMED],
  ["/admin/earnings/rates", OWNER_CONFIRMED],
];

/** The access of the admin page at `path` (`/admin/deals.data` is its page's). */
export function accessOf(path: string): Access {
  const page = routerPath(path).replace(/\.data$/, "");
  return ACCESS.find(([pattern]) => matchPath(pattern, page))?.[1] ?? OWNER_ONLY;
}

/** Whether `role` may open (GET, HEAD) or send to (any other method) the admin page at `path`. */
export function mayAccess(role: Role, method: string, path: string): boolean {
  const access = accessOf(path);
  return atLeast(role, method === "GET" || method === "HEAD" ? access.read : access.write);
}
