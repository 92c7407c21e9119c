const OPEN_ADMIN_PAGES = new Set(["/admin/login", "/admin/setup"]);

/**
 * Whether a URL path belongs to the signed-in admin: everything under /admin but sign-in and setup, and the
 * admin's JSON endpoints under /api. A client-side data request (`/admin/deals.data`) counts as its page.
 */
export function isAdminPath(path: string): boolean {
  const page = path.replace(/\.data$/, "");
  if (OPEN_ADMIN_PAGES.has(page)) return false;
  return page === "/admin" || page.startsWith("/admin/") || page.startsWith("/api/");
}
