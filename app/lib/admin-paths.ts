const OPEN_ADMIN_PAGES = new Set([
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/login/passkey",
  "/admin/setup",
  "/admin/invitation",
]);

/**
 * A URL path as the router matches it: percent-escapes decoded, letters in lower case (routes match either
 * case), runs of slashes as one, no trailing slash. Rules about paths (what is the admin's, what is never
 * cached) judge this, so `/ADMIN/LOGIN` and `/alerts/%6danage` are what the router takes them for.
 */
export function routerPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape is not found by the router either; judged as written.
  }
  const collapsed = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

/**
 * Whether a URL path belongs to the signed-in admin: everything under /admin but sign-in, setup and an invitation's page, and the
 * admin's JSON endpoints under /api. A client-side data request (`/admin/deals.data`) counts as its page.
 */
export function isAdminPath(path: string): boolean {
  const page = routerPath(path).replace(/\.data$/, "");
  if (OPEN_ADMIN_PAGES.has(page)) return false;
  return page === "/admin" || page.startsWith("/admin/") || page.startsWith("/api/");
}
