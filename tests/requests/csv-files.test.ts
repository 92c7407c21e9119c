import { gzipSync } from "node:zlib";

import { parse } from "csv-parse/sync";
import { count, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clicks, coupons, deals, stores } from "#app/db/schema";
import { rollUpClicks } from "#app/modules/analytics/click-roll-up.server";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// CSV files in and out of the admin. What strangers write reaches the downloads (a click-out's Referer and
// `?from=`, a newsletter address): no cell may start the way a spreadsheet formula does. Uploads come from
// spreadsheets that save in other encodings, from imports that were cut off and are run again, and from
// exports of a whole catalogue.

const served = servedInProcessApp();
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36";
const FORMULA = /^[=+\-@\t\r]/;

async function download(path: string, cookie: string): Promise<string[][]> {
  const response = await fetch(served().url + path, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return parse(await response.text(), { bom: true }) as string[][];
}

describe("CSV downloads", () => {
  it("never hand a spreadsheet a formula from a visitor's Referer, placement or address", async () => {
    const [deal] = await served()
      .app.db.select({ id: deals.id })
      .from(deals)
      .where(eq(deals.status, "published"))
      .limit(1);
    for (const [referer, from] of [
      ["http://=hyperlink(1)/", "-cmd"],
      ["http://=sum(1,2)/", "@x"],
      ["http://+add/", "home-hot"],
    ] as const) {
      const response = await fetch(`${served().url}/go/deal/${deal!.id}?from=${encodeURIComponent(from)}`, {
        redirect: "manual",
        headers: { "user-agent": BROWSER, referer },
      });
      expect(response.status).toBe(302);
    }
    const placements = await served()
      .app.db.selectDistinct({ placement: clicks.placement })
      .from(clicks)
      .where(eq(clicks.itemId, deal!.id));
    // `?from=` is kept only when it names a place on the site.
    expect(placements.map((row) => row.placement).sort()).toEqual(["home-hot", null]);
    const signUp = await fetch(`${served().url}/newsletter/subscribe`, {
      method: "POST",
      body: new URLSearchParams({ email: "+x@example.com" }),
    });
    expect(signUp.status).toBe(200);
    await rollUpClicks(served().app.db);

    const cookie = await signInOverHttp(served().url, ADMIN);
    const analytics = await download("/admin/analytics/csv?range=7", cookie);
    expect(analytics.flat()).toContain("'=sum(1,2)");
    const subscribers = await download("/admin/newsletter/csv", cookie);
    expect(subscribers.flat()).toContain("'+x@example.com");
    const exported = await download("/admin/deals/csv", cookie);
    for (const cell of [...analytics, ...subscribers, ...exported].flat()) expect(cell).not.toMatch(FORMULA);
  });
});

describe("CSV uploads", () => {
  it("refuse a file that is not UTF-8 with what to do, instead of storing its accents as U+FFFD", async () => {
    const cookie = await signInOverHttp(served().url, ADMIN);
    // "Café Olé,cafe-ole" as Windows-1252 / Latin-1 writes it: é is the single byte 0xE9.
    const latin1 = Buffer.from("name,slug\nCaf\xe9 Ol\xe9,cafe-ole\n", "latin1");
    const response = await fetch(`${served().url}/admin/stores/csv`, {
      method: "POST",
      headers: { cookie, "content-type": "text/csv" },
      body: latin1,
    });
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { error?: string });
    expect(lines.at(-1)?.error).toBe(
      'This file is not UTF-8 text, so its accented letters would be lost. Save it from your spreadsheet as "CSV UTF-8" and import it again.',
    );
    expect(await served().app.db.select().from(stores).where(eq(stores.slug, "cafe-ole"))).toEqual([]);
  });

  it("resume a coupon import cut off part-way instead of making its coupons again", async () => {
    const cookie = await signInOverHttp(served().url, ADMIN);
    const [store] = await served().app.db.select({ id: stores.id, slug: stores.slug }).from(stores).limit(1);
    const header = "Title,Description,Store,Coupon code,Discount type,Discount value,Status";
    const lines = Array.from(
      { length: 400 },
      (_, n) =>
        `Resumed coupon ${n},Save on it,${store!.slug},${n % 4 === 0 ? "" : `RESUME${n}`},percentage,${5 + (n % 50)},published`,
    );
    const upload = async (body: string, dryRun = false) => {
      const response = await fetch(`${served().url}/admin/coupons/csv${dryRun ? "?dryRun=1" : ""}`, {
        method: "POST",
        headers: { cookie, "content-type": "text/csv" },
        body,
      });
      const answers = (await response.text())
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { report?: { counts: Record<string, number> }; error?: string });
      return answers.at(-1)!;
    };
    const resumedCoupons = async () =>
      (await served().app.db.select({ n: count() }).from(coupons).where(like(coupons.title, "Resumed coupon %")))[0]!.n;
    // The first run was cut off after 150 lines had been written.
    expect((await upload([header, ...lines.slice(0, 150)].join("\n"))).report?.counts.create).toBe(150);
    expect((await upload([header, ...lines].join("\n"), true)).report?.counts).toMatchObject({
      create: 250,
      unchanged: 150,
    });
    expect((await upload([header, ...lines].join("\n"))).report?.counts).toMatchObject({ create: 250, unchanged: 150 });
    expect(await resumedCoupons()).toBe(400);
  });

  it("read an export of more than 50,000 rows back, gzipped as the dialog sends it, telling how far they are", async () => {
    const cookie = await signInOverHttp(served().url, ADMIN);
    await served().app.db.execute(
      sql`insert into stores (name, slug) select 'Bulk store ' || n, 'bulk-store-' || n from generate_series(1, 50001) n`,
    );
    const exported = await fetch(`${served().url}/admin/stores/csv`, { headers: { cookie } });
    // The owner renames the export's last store, past line 50,000, in a spreadsheet.
    const csv = (await exported.text()).replace(",Bulk store 50001,", ",Bulk store renamed,");
    const response = await fetch(`${served().url}/admin/stores/csv`, {
      method: "POST",
      headers: { cookie, "content-type": "text/csv", "content-encoding": "gzip" },
      body: gzipSync(csv),
    });
    const answers = (await response.text())
      .trim()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as {
            done?: number;
            progress?: number;
            report?: { counts: Record<string, number>; total: number; lines: unknown[] };
          },
      );
    const { report } = answers.at(-1)!;
    const total = (await served().app.db.select({ n: count() }).from(stores))[0]!.n;
    expect(total).toBeGreaterThan(50_001);
    expect(report).toMatchObject({ counts: { create: 0, update: 1, unchanged: total - 1, refuse: 0 }, total });
    expect(report!.lines.length).toBe(501);
    const progress = answers.slice(0, -1);
    expect(progress.at(-1)).toEqual({ done: total, progress: 1 });
    expect(
      progress.every(
        (step, index) =>
          index === 0 || (step.done! > progress[index - 1]!.done! && step.progress! >= progress[index - 1]!.progress!),
      ),
    ).toBe(true);
    expect(
      await served().app.db.select({ name: stores.name }).from(stores).where(eq(stores.slug, "bulk-store-50001")),
    ).toEqual([{ name: "Bulk store renamed" }]);
  });
});
