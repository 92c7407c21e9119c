import { DomUtils, parseDocument } from "htmlparser2";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Role } from "#app/modules/users/roles";

import { type InProcessApp, servedToTeam } from "../support/in-process-server";
import { routeFor } from "../support/route-table";

// Every admin link leads somewhere, for each role: signed in as an owner, an editor and a contributor, the
// walk opens the dashboard, then every page a link on an admin page points to (the first of each route and
// set of query parameters: a list's first row stands for the others), and checks every form's target. A
// link may not end on a 404, a 403 (a page offers a role only what it may open) or a server error, and a
// form may not post where no route takes a post. The admin renders its links on the server, so what a
// browser would follow is in the page as sent; only menus that open on a click (the account menu) are not,
// and their items are routes the role-access test opens for each role. On each page, every select must be
// named by a label tied to its id or by aria-label: a label wrapped around a select names it with all its
// options' words as well ("RoleOwnerEditorContributor" to a screen reader).

let app: InProcessApp, url: string, build: ServerBuild, cookies: Record<Role, string>;
beforeAll(async () => {
  ({ app, url, build, cookies } = await servedToTeam());
  // A shopper's tip, so the review queue has a row whose links the walk follows.
  const tip = await fetch(`${url}/submit-a-deal`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ url: "https://shop.example/kettle", title: "A kettle a shopper found", price: "19" }),
  });
  expect(tip.status).toBeLessThan(400);
});
afterAll(() => app?.close());

/** Where a walk stops: the click-outs lead to retailers, and signing out would end the walk's session. */
const leavesTheWalk = (path: string) => path.startsWith("/go/") || path === "/admin/logout";

/** One visit stands for every path of its route with the same query parameters (their values aside). */
function visitKey(target: URL): string {
  const pattern = routeFor(build, target.pathname)?.pattern ?? target.pathname;
  return `${pattern}?${[...new Set(target.searchParams.keys())].sort().join("&")}`;
}

interface Walk {
  /** The routes opened, with their query parameters (visitKey). */
  opened: Set<string>;
  /** What failed, as `role: <what> from <page>: <why>`. */
  failures: string[];
}

type Node = ReturnType<typeof parseDocument>["children"][number];

/** The selects of a page that have no name of their own, by their field names. */
function selectsWithoutOwnName(doc: Node[]): string[] {
  const labelled = new Set(DomUtils.findAll((el) => el.name === "label", doc).map((el) => el.attribs.for));
  const insideLabel = (el: Node) => {
    for (let up = el.parent; up; up = up.parent) if ("name" in up && up.name === "label") return true;
    return false;
  };
  return DomUtils.findAll((el) => el.name === "select", doc)
    .filter((el) => {
      const { id, "aria-label": ariaLabel, "aria-labelledby": labelledBy } = el.attribs;
      const named = Boolean(ariaLabel || labelledBy || (id && labelled.has(id)));
      return !named || insideLabel(el);
    })
    .map((el) => el.attribs.name ?? "(no name)");
}

/** A status no server sends, for a chain of redirects that goes on past `MAX_REDIRECTS`. */
const REDIRECT_LOOP = 310;
const MAX_REDIRECTS = 5;

/** The status of a GET, following redirects within the site (a redirect must lead somewhere too). */
async function finalAnswer(role: Role, path: string): Promise<{ status: number; path: string; html?: string }> {
  let current = path;
  for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
    const response = await fetch(url + current, { redirect: "manual", headers: { cookie: cookies[role] } });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      const next = new URL(location, url + current);
      if (next.origin !== url) return { status: response.status, path: current };
      current = next.pathname + next.search;
      continue;
    }
    const html = response.headers.get("content-type")?.includes("text/html") ? await response.text() : undefined;
    if (!html) await response.arrayBuffer();
    return { status: response.status, path: current, html };
  }
  return { status: REDIRECT_LOOP, path: current };
}

/** The links, form targets and selects without a name of their own of an admin page. */
function targetsOn(html: string, page: string) {
  const doc = parseDocument(html).children;
  const links = DomUtils.findAll((el) => el.name === "a" && Boolean(el.attribs.href), doc)
    .map((el) => new URL(el.attribs.href!, url + page))
    .filter((target) => target.origin === url && !leavesTheWalk(target.pathname));
  const forms = DomUtils.findAll((el) => el.name === "form", doc).map((el) => ({
    method: (el.attribs.method ?? "get").toLowerCase(),
    target: new URL(el.attribs.action ?? page, url + page),
  }));
  return { links, forms, unnamedSelects: selectsWithoutOwnName(doc) };
}

async function walkAdmin(role: Role): Promise<Walk> {
  const walk: Walk = { opened: new Set(), failures: [] };
  const seen = walk.opened;
  const queue: Array<{ target: URL; from: string }> = [{ target: new URL("/admin", url), from: "(start)" }];
  while (queue.length > 0) {
    const { target, from } = queue.shift()!;
    const key = visitKey(target);
    if (seen.has(key)) continue;
    seen.add(key);
    const path = target.pathname + target.search;
    const answer = await finalAnswer(role, path);
    if (answer.status !== 200) {
      walk.failures.push(`${role}: ${path} from ${from}: ${answer.status} at ${answer.path}`);
      continue;
    }
    // Only admin pages are walked on: a public page's own links are the public crawl's (public-read.test.ts).
    if (!answer.html || !answer.path.startsWith("/admin")) continue;
    const { links, forms, unnamedSelects } = targetsOn(answer.html, answer.path);
    for (const name of unnamedSelects)
      walk.failures.push(`${role}: the select "${name}" on ${answer.path} has no name of its own`);
    for (const link of links) queue.push({ target: link, from: answer.path });
    for (const form of forms) {
      if (form.method === "get") {
        queue.push({ target: form.target, from: answer.path });
        continue;
      }
      if (leavesTheWalk(form.target.pathname)) continue;
      const route = routeFor(build, form.target.pathname, (id) => Boolean(build.routes[id]!.module.action));
      if (!route)
        walk.failures.push(`${role}: a form on ${answer.path} posts to ${form.target.pathname}, which takes no post`);
    }
  }
  return walk;
}

/** Routes each role's walk must reach: its lists' first rows and the pages only it may open. */
const REACHED: Record<Role, string[]> = {
  owner: ["/admin/deals/edit/:id?", "/admin/settings/amazon?", "/admin/sourcing/sources?", "/admin/users?"],
  editor: ["/admin/stores/edit/:id?", "/admin/sourcing?", "/admin/deals/add?candidate", "/admin/analytics?"],
  contributor: ["/admin/deals/add?", "/admin/buying-guides/add?", "/admin/coupons?"],
};

describe("every admin link and form target leads somewhere", () => {
  for (const [role, label] of [
    ["owner", "an owner"],
    ["editor", "an editor"],
    ["contributor", "a contributor"],
  ] as const) {
    it(`for ${label}`, async () => {
      const walk = await walkAdmin(role);
      expect(walk.failures).toEqual([]);
      expect([...walk.opened]).toEqual(expect.arrayContaining(REACHED[role]));
    });
  }
});
