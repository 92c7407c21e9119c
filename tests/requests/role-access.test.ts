import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Role } from "#app/modules/users/roles";

import { ADMIN, type InProcessApp, servedToTeam } from "../support/in-process-server";
import { routePatterns } from "../support/route-table";

// Role × route: every admin route of the built route table, opened (a page, and its loader alone as a client
// navigation fetches it) and posted to by an owner, an editor and a contributor. The server must refuse
// with 403 exactly where the policy below says the role may not go. The policy is written here, apart from
// the app's own table: a route it does not name is expected to be the owner's alone, so a new route is
// covered, and refused to everyone else, from the day it is added.

/** Types a contributor writes drafts of; stores and categories are an editor's. */
const DRAFT_TYPES = ["deals", "coupons", "gift-ideas", "buying-guides"];
/** Types whose items have a page of their own, which a preview link shows. */
const PAGE_TYPES = ["deals", "gift-ideas", "buying-guides"];
const typeRoutes = (segment: string) => [
  `/admin/${segment}`,
  `/admin/${segment}/add`,
  `/admin/${segment}/edit/:id`,
  `/admin/${segment}/revisions/:id`,
  ...(PAGE_TYPES.includes(segment) ? [`/admin/${segment}/previews/:id`] : []),
];

const CONTRIBUTOR_ROUTES = [
  "/admin",
  "/admin/logout",
  "/admin/security",
  "/admin/confirm",
  "/admin/passkey",
  "/admin/options/:key",
  "/api/amazon-product",
  ...DRAFT_TYPES.flatMap(typeRoutes),
];
const EDITOR_ROUTES = [
  ...CONTRIBUTOR_ROUTES,
  "/admin/analytics",
  "/admin/analytics/csv",
  "/admin/attention",
  "/admin/calendar",
  "/admin/sourcing",
  ...["stores", "categories"].flatMap(typeRoutes),
  ...[...DRAFT_TYPES, "stores", "categories"].map((segment) => `/admin/${segment}/csv`),
];

const mayOpen = (role: Role, pattern: string) =>
  role === "owner" || (EDITOR_ROUTES.includes(pattern) && (role === "editor" || CONTRIBUTOR_ROUTES.includes(pattern)));

/** Routes anyone may open: signing in (both steps), the one-time setup, and an invitation's page. */
const OPEN = new Set([
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/login/passkey",
  "/admin/setup",
  "/admin/invitation",
]);

let app: InProcessApp, url: string, build: ServerBuild, cookies: Record<Role, string>;
beforeAll(async () => {
  ({ app, url, build, cookies } = await servedToTeam());
});
afterAll(() => app?.close());

/** The admin's routes: everything under /admin and /api but the open pages. */
function adminRoutes() {
  return [...routePatterns(build)]
    .map(([id, pattern]) => ({ id, pattern }))
    .filter(
      ({ id, pattern }) =>
        (pattern === "/admin" ? build.routes[id]!.index : /^\/(admin|api)\//.test(pattern)) && !OPEN.has(pattern),
    );
}

async function anyIdOf(table: string): Promise<string> {
  const rows = (await app.db.execute(sql.raw(`SELECT id FROM ${table} LIMIT 1`))) as unknown as {
    rows: Array<{ id: string }>;
  };
  return rows.rows[0]!.id;
}

/** A path that reaches the route's code: a real row for an edit form, a real type for the options. */
async function concretePath(pattern: string): Promise<string> {
  const edit = pattern.match(/^\/admin\/([a-z-]+)\/(?:edit|revisions|previews)\/:id$/);
  if (edit) return pattern.replace(":id", await anyIdOf(edit[1]!.replace(/-/g, "_")));
  return pattern.replace(":key", "store");
}

/** The status the server answers `role`'s request with. */
async function statusFor(role: Role, path: string, init: RequestInit = {}): Promise<number> {
  return (await answerTo(role, path, init)).status;
}

/** The status and the redirect's target of `role`'s request. */
async function answerTo(role: Role, path: string, init: RequestInit = {}) {
  const response = await fetch(url + path, { redirect: "manual", ...init, headers: { cookie: cookies[role] } });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

const refusedOrNot = (status: number) => (status === 403 ? "refused" : "answered");

describe("every admin route answers each role as the policy says", () => {
  it("finds the routes it walks in the built route table", () => {
    const patterns = adminRoutes().map((route) => route.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/admin", "/admin/settings/amazon", "/admin/deals/edit/:id"]));
    expect(patterns.length).toBeGreaterThan(30);
  });

  for (const role of ["owner", "editor", "contributor"] as const) {
    it(`${role}: opens and posts where allowed, 403 elsewhere`, async () => {
      const found: string[] = [];
      const wanted: string[] = [];
      for (const { id, pattern } of adminRoutes()) {
        const { module } = build.routes[id]!;
        const path = await concretePath(pattern);
        const expected = mayOpen(role, pattern) ? "answered" : "refused";
        if (module.loader) {
          // A client navigation runs this route's loader alone: the route's own check, whatever its parents do.
          const data = `${path === "/admin" ? "/admin/_index" : path}.data?_routes=${encodeURIComponent(id)}`;
          found.push(`GET ${pattern} (data): ${refusedOrNot(await statusFor(role, data))}`);
          wanted.push(`GET ${pattern} (data): ${expected}`);
          // A refused page is refused whole; an allowed one is rendered by the tests of its own feature.
          if (expected === "refused") {
            found.push(`GET ${pattern}: ${refusedOrNot(await statusFor(role, path))}`);
            wanted.push(`GET ${pattern}: refused`);
          }
        }
        // Posting to sign-out would end the session the rest of the walk uses.
        if (module.action && pattern !== "/admin/logout") {
          const status = await statusFor(role, path, { method: "POST", body: new URLSearchParams() });
          found.push(`POST ${pattern}: ${refusedOrNot(status)}`);
          wanted.push(`POST ${pattern}: ${expected}`);
          expect(status, `POST ${pattern}`).not.toBe(401);
        }
      }
      expect(found).toEqual(wanted);
    });
  }

  it("a changed role holds from the next request, without signing in again", async () => {
    await app.db.execute(sql`UPDATE users SET role = 'contributor' WHERE email = 'editor@dealdash.test'`);
    expect(await statusFor("editor", "/admin/analytics")).toBe(403);
    await app.db.execute(sql`UPDATE users SET role = 'editor' WHERE email = 'editor@dealdash.test'`);
    expect(await statusFor("editor", "/admin/analytics")).toBe(200);
  });

  it("a role the owner requires two factors of sets them up before anything else", async () => {
    const requireOf = (roles: string[]) =>
      answerTo("owner", "/admin/users", {
        method: "POST",
        body: new URLSearchParams([["intent", "require-two-factor"], ...roles.map((role) => ["roles", role])]),
      });
    expect((await requireOf(["contributor"])).status).toBe(200);
    expect(await answerTo("contributor", "/admin/deals")).toEqual({ status: 302, location: "/admin/security" });
    expect(await statusFor("contributor", "/admin/security")).toBe(200);
    expect(await statusFor("contributor", "/admin/deals/add", { method: "POST", body: new URLSearchParams() })).toBe(
      403,
    );
    expect(await statusFor("editor", "/admin/deals")).toBe(200);
    await requireOf([]);
    expect(await statusFor("contributor", "/admin/deals")).toBe(200);
  });

  it("credentials, tags, users, webhooks and revenue ask to confirm once the last confirmation is ten minutes old", async () => {
    const ownerSessions = sql`user_id = (SELECT id FROM users WHERE email = ${ADMIN.email})`;
    await app.db.execute(sql`UPDATE sessions SET confirmed_at = now() - interval '11 minutes' WHERE ${ownerSessions}`);
    for (const page of [
      "/admin/settings/amazon",
      "/admin/settings/webhooks",
      "/admin/users",
      "/admin/sourcing/sources",
      "/admin/earnings",
    ]) {
      const confirm = `/admin/confirm?redirectTo=${encodeURIComponent(page)}`;
      expect(await answerTo("owner", page), page).toEqual({ status: 302, location: confirm });
      expect(await answerTo("owner", page, { method: "POST", body: new URLSearchParams() }), page).toEqual({
        status: 302,
        location: confirm,
      });
    }
    // Nor may a stale session add a passkey, a way in that would outlive it.
    const passkey = await answerTo("owner", "/admin/passkey", {
      method: "POST",
      body: new URLSearchParams({ intent: "register-options" }),
    });
    expect(passkey.status).toBe(403);
    // Content and the site's own settings do not ask.
    expect(await statusFor("owner", "/admin/deals")).toBe(200);
    expect(await statusFor("owner", "/admin/settings/site")).toBe(200);
    await app.db.execute(sql`UPDATE sessions SET confirmed_at = now() - interval '9 minutes' WHERE ${ownerSessions}`);
    expect(await statusFor("owner", "/admin/settings/amazon")).toBe(200);
  });
});
