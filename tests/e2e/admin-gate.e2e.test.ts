import { describe, expect, it } from "vitest";

import routes from "../../app/routes";
import { adminCredentials, baseUrl } from "./support/browser";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every URL pattern in the site map, with its parents' paths joined in. */
function allPaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const own = entry.index || (entry.path && !entry.children?.some((child) => child.index)) ? [path] : [];
    return [...own, ...allPaths(entry.children ?? [], path)];
  });
}

const OPEN_ADMIN_PATHS = new Set([
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/login/passkey",
  "/admin/setup",
  "/admin/invitation",
]);
const gatedPaths = [...new Set(allPaths(routes as RouteEntry[]))]
  .filter((path) => path === "/admin" || path.startsWith("/admin/"))
  .filter((path) => !OPEN_ADMIN_PATHS.has(path))
  .map((path) =>
    path
      .replace(/:id/g, "00000000-0000-4000-8000-000000000000")
      .replace(/:key/g, "store")
      .replace(/:name/g, "dealdash-20261128T000000Z.dealdash-backup.gz"),
  );

async function sessionCookie(): Promise<string> {
  const { email, password } = adminCredentials();
  const response = await fetch(`${baseUrl()}/admin/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email, password }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("the admin gate", () => {
  it("knows every admin route from the site map", () => {
    expect(gatedPaths).toContain("/admin");
    expect(gatedPaths).toContain("/admin/deals/edit/00000000-0000-4000-8000-000000000000");
    expect(gatedPaths).toContain("/admin/settings/amazon");
    expect(gatedPaths).toContain("/admin/logout");
    expect(gatedPaths).toContain("/admin/options/store");
    expect(gatedPaths).toContain("/admin/deals/csv");
    expect(gatedPaths).toContain("/admin/analytics");
    expect(gatedPaths).toContain("/admin/analytics/csv");
    expect(gatedPaths).toContain("/admin/attention");
    expect(gatedPaths).toContain("/admin/outbox");
    expect(gatedPaths).toContain("/admin/newsletter/csv");
    expect(gatedPaths).toContain("/admin/settings/webhooks");
    expect(gatedPaths).toContain("/admin/settings/site");
    expect(gatedPaths).toContain("/admin/calendar");
    expect(gatedPaths).toContain("/admin/sourcing");
    expect(gatedPaths).toContain("/admin/sourcing/sources");
    expect(gatedPaths).toContain("/admin/earnings");
    expect(gatedPaths).toContain("/admin/earnings/csv");
    expect(gatedPaths).toContain("/admin/earnings/rates");
    expect(gatedPaths).toContain("/admin/users");
    expect(gatedPaths).toContain("/admin/activity");
    expect(gatedPaths).toContain("/admin/security");
    expect(gatedPaths).toContain("/admin/confirm");
    expect(gatedPaths).toContain("/admin/passkey");
    expect(gatedPaths).toContain("/admin/jobs/backups/dealdash-20261128T000000Z.dealdash-backup.gz");
    expect(gatedPaths).toHaveLength(58);
  });

  it.each(gatedPaths)("GET %s without a session redirects to the login page", async (path) => {
    const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each(gatedPaths)("POST %s without a session is refused", async (path) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ x: "1" }),
    });
    expect([401, 403]).toContain(response.status);
  });

  it.each(gatedPaths)("a client-side data request for %s without a session is refused", async (path) => {
    const response = await fetch(`${baseUrl()}${path === "/admin" ? "/admin" : path}.data`, { redirect: "manual" });
    // React Router encodes the redirect to the login page in its data response.
    const body = await response.text();
    expect(body).toContain("/admin/login?redirectTo=");
  });

  it("serves the admin to a signed-in session", async () => {
    const cookie = await sessionCookie();
    const response = await fetch(`${baseUrl()}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Content Management");
  });

  /** Signs in with the right password and this redirectTo. */
  const signInRedirectingTo = (redirectTo: string) => {
    const { email, password } = adminCredentials();
    return fetch(`${baseUrl()}/admin/login`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ email, password, redirectTo }),
    });
  };

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "\n//evil.example",
    "javascript:alert(1)",
  ])("ignores redirectTo=%j and lands on /admin", async (target) => {
    const response = await signInRedirectingTo(target);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  it.each(["/admin/deals\r\nSet-Cookie: a=b", "/admin/ünïcode", "/admin/\u2028"])(
    "signs in with redirectTo=%j instead of failing",
    async (target) => {
      const response = await signInRedirectingTo(target);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/admin/);
      expect(response.headers.get("set-cookie")).not.toContain("a=b");
    },
  );

  it("honours a same-site redirectTo", async () => {
    const response = await signInRedirectingTo("/admin/coupons");
    expect(response.headers.get("location")).toBe("/admin/coupons");
  });

  it("refuses a write from another origin, even with a valid session", async () => {
    const cookie = await sessionCookie();
    const response = await fetch(`${baseUrl()}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    // The session survived the refused request.
    expect((await fetch(`${baseUrl()}/admin`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
  });

  it("sends a CSP with a nonce that differs per request on pages rendered per request, and the other security headers", async () => {
    // Anonymous public pages come from the page cache with hashes instead (tests/requests/page-cache.test.ts).
    const first = await fetch(`${baseUrl()}/admin/login`);
    const second = await fetch(`${baseUrl()}/admin/login`);
    const nonce = (response: Response) =>
      response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(second));
    expect(first.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(await first.text()).toContain(`nonce="${nonce(first)}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
