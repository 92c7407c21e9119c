import fs from "node:fs";

import { and, eq, isNull } from "drizzle-orm";

import type { DatabaseTarget, Executor } from "../../app/db/client.server";
import { prepareDatabase } from "../../app/db/database.server";
import { deals } from "../../app/db/schema";
import { dealPath } from "../../app/lib/public-paths";
import { signInOverHttp } from "./admin-over-http";
import { freshPostgres } from "./fresh-postgres";
import { seedScaleCatalogue } from "./scale-seed";
import type { ScaleBenchSizes } from "./scale-sizes";
import { startServer, tempDataDir } from "./server-process";
import { timeFeedRuns } from "./sourcing-bench";
import { percentile } from "./stats";

// `npm run bench -- --scale`: the admin, public pages and sourcing at a real catalogue's size (100,000 deals,
// 20,000 coupons, 2,000 stores, 5,000,000 clicks over a year and a feed of 100,000 offers by default; sizes as
// scripts/lib/scale-sizes.ts reads them) on the embedded database and, when BENCH_DATABASE_URL names a
// PostgreSQL server, on PostgreSQL too. Prints response times and page sizes; asserts nothing.

const admin = { email: "scale-bench@dealdash.test", password: "scale-bench-password" };

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The sourcing queue, newest and best first, filtered by source. */
const sourcingPages = [
  "/admin/sourcing",
  "/admin/sourcing?sort=score",
  "/admin/sourcing?source=awin",
  "/admin/sourcing?source=tip&sort=score",
];

/** The admin pages to time: every list (plus its harder views), every form, the combobox search. */
async function pagesToTime(url: string, cookie: string): Promise<string[]> {
  const firstOption = async (type: string) =>
    (
      await fetch(`${url}/admin/options/${type}?q=a`, { headers: { cookie } }).then(
        (r) => r.json() as Promise<{ options: Array<{ id: string }> }>,
      )
    ).options[0]?.id ?? "";
  const [firstDeal, store] = [await firstOption("deal"), await firstOption("store")];
  const lists = ["deals", "coupons", "gift-ideas", "buying-guides", "stores", "categories"];
  return [
    "/admin",
    ...lists.map((list) => `/admin/${list}`),
    "/admin/deals?sort=deal&dir=asc",
    "/admin/deals?sort=price&dir=desc&status=published",
    "/admin/deals?q=sony",
    `/admin/deals?store=${store}`,
    "/admin/deals?state=expired&featured=no",
    "/admin/deals?page=1000",
    "/admin/deals?size=100",
    "/admin/coupons?state=scheduled",
    ...lists.map((list) => `/admin/${list}/add`),
    `/admin/deals/edit/${firstDeal}`,
    "/admin/options/store?q=out",
    // Click analytics (roll-ups; a store's view counts its raw clicks).
    "/admin/analytics?range=7",
    "/admin/analytics",
    "/admin/analytics?range=90",
    "/admin/analytics?range=90&kind=coupon",
    `/admin/analytics?range=custom&from=${daysAgo(120)}&to=${daysAgo(31)}`,
    `/admin/analytics?range=custom&from=${daysAgo(89)}&to=${daysAgo(0)}&kind=coupon`,
    `/admin/analytics?range=custom&from=${daysAgo(365)}&to=${daysAgo(0)}`,
    `/admin/analytics?range=90&store=${store}`,
    "/admin/analytics/csv",
    // Needs attention's queue and the background jobs' runs.
    "/admin/attention",
    "/admin/jobs",
    ...sourcingPages,
    "/admin/options/deal?embed=1&q=sony",
  ];
}

/** Public pages, each rendered (a query parameter they ignore keeps the page cache out). */
async function publicPagesToTime(url: string, cookie: string): Promise<string[]> {
  const slugOf = async (list: string) =>
    (await fetch(`${url}/admin/${list}/csv?size=25`, { headers: { cookie } }).then((r) => r.text()))
      .split("\n")[1]
      ?.split(",")[2] ?? "";
  // The first item page a listing links to.
  const firstLink = async (listing: string, prefix: string) =>
    (await fetch(url + listing).then((r) => r.text())).match(new RegExp(`href="(${prefix}/[^"?#]+)"`))?.[1] ?? prefix;
  const [store, category] = [await slugOf("stores"), await slugOf("categories")];
  return [
    "/",
    "/deal-dashes",
    "/deal-dashes?sort=popular",
    "/deal-dashes?sort=price-low",
    "/deal-dashes?search=headphones",
    "/deal-dashes?search=headphnes",
    `/deal-dashes?store=${store}`,
    `/deal-dashes?category=${category}`,
    "/deal-dashes?page=20",
    "/coupons",
    "/search?q=headphones",
    await firstLink("/deal-dashes", "/deals"),
    "/stores",
    `/stores/${store}`,
    `/categories/${category}`,
    "/gift-ideas",
    "/buying-guides",
    await firstLink("/buying-guides", "/buying-guides"),
    "/sitemap.xml",
  ];
}

async function timePage(url: string, cookie: string, path: string, requests: number) {
  const totals: number[] = [];
  const servers: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < requests + 2; i++) {
    const started = performance.now();
    const response = await fetch(url + path.replace("{n}", String(i)), { headers: { cookie } });
    const body = await response.arrayBuffer();
    if (i < 2) continue; // warm-up
    totals.push(performance.now() - started);
    const server = response.headers.get("server-timing")?.match(/dur=([\d.]+)/)?.[1];
    if (server) servers.push(Number(server));
    bytes = body.byteLength;
    status = response.status;
  }
  totals.sort((a, b) => a - b);
  servers.sort((a, b) => a - b);
  const serverText = servers.length
    ? `server p50 ${percentile(servers, 50).toFixed(1)} p95 ${percentile(servers, 95).toFixed(1)} ms  `
    : "";
  console.log(
    `  ${path
      .replace(/[?&]bench={n}/, "")
      .slice(0, 58)
      .padEnd(
        58,
      )} ${status}  ${serverText}total p50 ${percentile(totals, 50).toFixed(1)} p95 ${percentile(totals, 95).toFixed(1)} ms  ${(bytes / 1024).toFixed(1)} KiB`,
  );
}

/** A CSV of `lines` new deals, for the import timing. */
function newDealsCsv(lines: number, storeSlug: string): string {
  const rows = ["title,store,currentPrice,originalPrice,shortDescription,imageUrl,affiliateUrl,status"];
  for (let i = 0; i < lines; i++) {
    rows.push(
      `Bench Import ${i},${storeSlug},${(19 + (i % 200)).toFixed(2)},${(29 + (i % 200)).toFixed(2)},Imported line ${i},https://shop.example/i/${i}.png,https://shop.example/i/${i},draft`,
    );
  }
  return rows.join("\n");
}

async function timeCsv(url: string, cookie: string) {
  let started = performance.now();
  const exported = await fetch(`${url}/admin/deals/csv`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const lines = new TextDecoder().decode(exported).split("\n").length - 2;
  console.log(
    `  CSV export of every deal: ${lines.toLocaleString("en-US")} lines, ${(exported.byteLength / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const storeSlug =
    (await fetch(`${url}/admin/stores/csv?size=25`, { headers: { cookie } }).then((r) => r.text()))
      .split("\n")[1]
      ?.split(",")[2] ?? "";
  const body = newDealsCsv(10_000, storeSlug);
  for (const dryRun of [true, false]) {
    started = performance.now();
    const answer = await fetch(`${url}/admin/deals/csv${dryRun ? "?dryRun=1" : ""}`, {
      method: "POST",
      headers: { cookie, origin: url, "content-type": "text/csv" },
      body,
    }).then((r) => r.text());
    const report = JSON.parse(answer.trim().split("\n").at(-1)!) as {
      report?: { counts: Record<string, number> };
      error?: string;
    };
    console.log(
      `  CSV import of 10,000 new deals${dryRun ? " (dry run)" : ""}: ${((performance.now() - started) / 1000).toFixed(1)} s  ${JSON.stringify(report.report?.counts ?? report.error)}`,
    );
  }
}

/** A live deal of the owner's (not Amazon's), whose page reads and charts its recorded prices. */
export async function chartedDealPath(db: Executor): Promise<string> {
  const [deal] = await db
    .select({ slug: deals.slug })
    .from(deals)
    .where(
      and(isNull(deals.amazonAsin), eq(deals.status, "published"), isNull(deals.publishAt), isNull(deals.expiresAt)),
    )
    .limit(1);
  return deal ? dealPath(deal) : "/deal-dashes";
}

async function benchDriver(
  name: string,
  target: DatabaseTarget,
  env: Record<string, string>,
  dataDir: string,
  sizes: ScaleBenchSizes,
) {
  console.log(
    `\n${name}: seeding ${sizes.deals.toLocaleString("en-US")} deals, ${sizes.coupons.toLocaleString("en-US")} coupons, ${sizes.stores.toLocaleString("en-US")} stores, ${sizes.clicks.toLocaleString("en-US")} clicks…`,
  );
  const started = performance.now();
  const handle = await prepareDatabase(target, { seedDemo: false });
  await seedScaleCatalogue(handle, sizes);
  const charted = await chartedDealPath(handle.db);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
  await timeServer(dataDir, env, charted, { requests: sizes.requests });
  // After the server (which makes the bench's admin on an empty users table), on the database it used.
  const again = await prepareDatabase(target, { seedDemo: false });
  try {
    await timeFeedRuns(again.db, sizes.feed);
  } finally {
    await again.close();
  }
}

/** Starts the server on the seeded database and times the admin, the public pages and the CSV runs. */
export async function timeServer(
  dataDir: string,
  env: Record<string, string>,
  charted: string,
  { csv = true, admin: adminPages = true, requests }: { csv?: boolean; admin?: boolean; requests: number },
): Promise<void> {
  const server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: "false", ...env },
  });
  try {
    const cookie = await signInOverHttp(server.url, admin);
    const paths = adminPages ? await pagesToTime(server.url, cookie) : sourcingPages;
    for (const path of paths) await timePage(server.url, cookie, path, requests);
    console.log("  public pages, rendered for an anonymous visitor (a cache miss):");
    for (const path of [...(await publicPagesToTime(server.url, cookie)), charted]) {
      await timePage(server.url, "", `${path}${path.includes("?") ? "&" : "?"}bench={n}`, requests);
    }
    if (csv) await timeCsv(server.url, cookie);
    const rss = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1];
    if (rss) console.log(`  server memory after the CSV runs (RSS): ${(Number(rss) / 1024).toFixed(0)} MiB`);
  } finally {
    await server.stop();
  }
}

export async function runScaleBench(sizes: ScaleBenchSizes, postgresUrl?: string): Promise<void> {
  const dataDir = tempDataDir("dealdash-scale-");
  try {
    await benchDriver("embedded PostgreSQL (PGlite)", { kind: "pglite", dataDir }, {}, dataDir, sizes);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!postgresUrl) {
    console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server where this user may create databases)");
    return;
  }
  const database = await freshPostgres(postgresUrl, "dealdash_bench");
  const pgDataDir = tempDataDir("dealdash-scale-pg-");
  try {
    await benchDriver(
      "PostgreSQL",
      { kind: "postgres", url: database.url },
      { DATABASE_URL: database.url },
      pgDataDir,
      sizes,
    );
  } finally {
    await database.drop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}
