import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buyingGuides } from "#app/db/schema";
import { contentTypes } from "#app/modules/catalogue/registry.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { lifecycleOf, titleColumnOf } from "#app/modules/content-types/words";

import { type InProcessApp, startInProcessApp } from "../support/in-process-server";

// For every content type with a public-read rule: copies of a public row in each state the public must not
// see (draft, archived, past its end, before its publish time or after its unpublish time) carry a marker title, and no public page, data answer, sitemap,
// click-out or code reveal may ever show them. A new type is covered by its definition.

let app: InProcessApp;
let url: string;

interface Hidden {
  type: AnyContentType;
  state: string;
  id: string;
  marker: string;
  slug?: string;
}
const hidden: Hidden[] = [];

const PAST = new Date("2020-01-01T00:00:00Z");
const FUTURE = new Date("2099-01-01T00:00:00Z");

function hiddenStates(type: AnyContentType): Array<[string, Record<string, unknown>]> {
  const lifecycle = lifecycleOf(type)!;
  const states: Array<[string, Record<string, unknown>]> = [
    ["draft", { [lifecycle.status.name]: "draft" }],
    ["archived", { [lifecycle.status.name]: "archived" }],
  ];
  if (lifecycle.endsAt)
    states.push(["expired", { [lifecycle.status.name]: "published", [lifecycle.endsAt.name]: PAST }]);
  // Published, but its schedule says not yet, or no longer.
  if (lifecycle.publishAt)
    states.push(["scheduled", { [lifecycle.status.name]: "published", [lifecycle.publishAt.name]: FUTURE }]);
  if (lifecycle.unpublishAt)
    states.push(["unpublished", { [lifecycle.status.name]: "published", [lifecycle.unpublishAt.name]: PAST }]);
  return states;
}

/** Copies the type's first published demo row (one with no end) into a hidden state, with a marker in its title (and slug). */
async function hideCopy(type: AnyContentType, state: string, overrides: Record<string, unknown>): Promise<Hidden> {
  const [source] = (await app.db
    .select()
    .from(type.table)
    .where(eq(lifecycleOf(type)!.status, "published"))
    .orderBy(asc(type.table.createdAt))
    .limit(1)) as Array<Record<string, unknown>>;
  if (!source) throw new Error(`the demo content has no published ${type.key}`);
  const marker = `ZZHIDDEN${type.key}${state}ZZ`;
  const row: Record<string, unknown> = { ...source, ...overrides, [titleColumnOf(type).name]: marker };
  for (const [key, column] of Object.entries(getTableColumns(type.table))) {
    if (column.generated || ["id", "createdAt", "updatedAt"].includes(key)) delete row[key];
  }
  if ("slug" in row) row.slug = marker.toLowerCase();
  const [inserted] = (await app.db.insert(type.table).values(row).returning()) as Array<{ id: string }>;
  return { type, state, id: inserted!.id, marker, slug: "slug" in row ? String(row.slug) : undefined };
}

beforeAll(async () => {
  app = await startInProcessApp();
  url = await app.listen();
  for (const type of contentTypes.filter((candidate) => lifecycleOf(candidate))) {
    for (const [state, overrides] of hiddenStates(type)) hidden.push(await hideCopy(type, state, overrides));
  }
  // A published guide that embeds every hidden item.
  const tokens = hidden.filter(({ type }) => type.embed).map(({ type, id }) => `<p>[${type.key}:${id}]</p>`);
  await app.db
    .update(buyingGuides)
    .set({ content: sql`${buyingGuides.content} || ${tokens.join("")}` })
    .where(and(eq(buyingGuides.status, "published"), eq(buyingGuides.slug, "how-to-choose-a-tablet")));
});
afterAll(() => app?.close());

const markersIn = (text: string, which: Hidden[]) =>
  which.filter(({ marker }) => text.toUpperCase().includes(marker.toUpperCase())).map(({ marker }) => marker);

/** Every public page reachable from the home page and the site map of routes, once per path. */
async function crawlPublicPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = ["/", "/deal-dashes", "/coupons", "/gift-ideas", "/buying-guides", "/sitemap.xml", "/robots.txt"];
  // Searches for each marker less its last characters: typo-tolerant search would find it, and the page's
  // echo of the search words is not the marker itself.
  for (const { marker } of hidden) {
    const typed = marker.slice(0, -2);
    queue.push(
      `/deal-dashes?search=${typed}`,
      `/coupons?search=${typed}`,
      `/search?q=${typed}`,
      `/buying-guides?search=${typed}`,
      `/stores?search=${typed}`,
    );
  }
  while (queue.length > 0 && pages.size < 400) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await fetch(url + path, { redirect: "manual" });
    const body = await response.text();
    pages.set(path, body);
    // The sitemap index and its files: every <loc> is crawled too.
    for (const [, loc] of body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const target = new URL(loc!);
      if (target.pathname !== path) queue.push(target.pathname + target.search);
    }
    if (!response.headers.get("content-type")?.includes("text/html")) continue;
    for (const link of DomUtils.findAll(
      (el) => el.name === "a" && Boolean(el.attribs.href),
      parseDocument(body).children,
    )) {
      const target = new URL(link.attribs.href!, url + path);
      const internal =
        target.origin === url && !target.pathname.startsWith("/admin") && !target.pathname.startsWith("/go/");
      if (internal) queue.push(target.pathname + target.search);
    }
  }
  return pages;
}

describe("the public-read rule", () => {
  it("has rows to prove: every type with a rule, in every hidden state", () => {
    expect(hidden.map(({ type, state }) => `${type.key}:${state}`)).toEqual(
      contentTypes
        .filter((type) => lifecycleOf(type))
        .flatMap((type) => hiddenStates(type).map(([state]) => `${type.key}:${state}`)),
    );
  });

  it("keeps every hidden row off every public page and data answer", async () => {
    const pages = await crawlPublicPages();
    expect(pages.size).toBeGreaterThan(20);
    // Expired coupons are listed on purpose where a shopper asks for them ('Show Expired') and at the foot
    // of their store's page, dimmed.
    const showsExpired = (path: string, row: Hidden) =>
      /[?&]expired=1/.test(path) || (row.type.key === "coupon" && path.startsWith("/stores/"));
    const leaks = [...pages].flatMap(([path, body]) =>
      markersIn(
        body,
        hidden.filter((row) => row.state !== "expired" || !showsExpired(path, row)),
      ).map((marker) => `${marker} on ${path}`),
    );
    expect(leaks).toEqual([]);
  });

  it("answers a hidden row's own page, click-out and code as not found", async () => {
    for (const row of hidden) {
      const urls = [`/go/${row.type.key}/${row.id}`, ...(row.type.key === "coupon" ? [`/coupons/${row.id}/code`] : [])];
      // An ended item keeps its page (below); drafts and archived ones have none.
      if (row.type.publicPath && row.slug && row.state !== "expired")
        urls.push(row.type.publicPath({ slug: row.slug }));
      for (const path of urls) {
        const response = await fetch(url + path, { redirect: "manual" });
        const body = await response.text();
        expect(response.status, `${row.marker}: ${path}`).toBe(404);
        expect(markersIn(body, [row]), path).toEqual([]);
      }
    }
  });

  it("keeps an ended item's own page, marked expired, without its click-out", async () => {
    const ended = hidden.filter((row) => row.state === "expired" && row.type.publicPath && row.slug);
    expect(ended.map((row) => row.type.key)).toContain("deal");
    for (const row of ended) {
      const response = await fetch(url + row.type.publicPath!({ slug: row.slug! }));
      const body = await response.text();
      expect(response.status).toBe(200);
      expect(body).toContain(">Expired<");
      expect(body).not.toContain(`/go/${row.type.key}/${row.id}`);
    }
  });
});
