import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { coupons, deals } from "#app/db/schema";

import { createStoreOverHttp, signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";
import { cachedAnswer, getAnswer } from "../support/page-cache-hit";

// The anonymous page cache, over HTTP against the production bundle: what is kept, for whom, and that
// every kind of change (a publish, an edit, a delete, a price change, an expiry, an admin write) reaches
// the next visitor. The database writes below go straight to its tables, as the price refresh and other
// background work do: the database's own NOTIFY is what empties the cache.

const served = servedInProcessApp();

const get = (path: string, headers: Record<string, string> = {}) => getAnswer(served().url + path, headers);
const cached = (path: string) => cachedAnswer(served().url + path);

describe("anonymous page cache", () => {
  it("serves a repeat visit from memory with a hashed CSP, no nonce, and 304 for a known ETag", async () => {
    const first = await get("/deal-dashes");
    const second = await cached("/deal-dashes");
    expect(second.body).toBe(first.body);
    expect(second.body).not.toMatch(/nonce=/);
    const csp = second.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(csp).not.toContain("nonce-");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");

    const revalidated = await fetch(`${served().url}/deal-dashes`, {
      headers: { "if-none-match": second.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("leaves React Router's route manifest to the browser's cache, immutable as the router sends it", async () => {
    // The admin is hydrated by React Router (public pages load the islands script): its page names the version.
    const version = (await (await fetch(`${served().url}/admin/login`)).text()).match(/"version":\s*"(\w+)"/)![1];
    const path = `/__manifest?paths=%2F%2C%2Fsearch&version=${version}`;
    for (let visit = 0; visit < 2; visit++) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-cache")).toBeNull();
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("answers a hit with the security headers every answer carries, and logs it", async () => {
    const log = vi.spyOn(served().app.mod.logger, "info");
    try {
      const again = await cached("/coupons?from=log-check");
      for (const header of ["x-content-type-options", "x-frame-options", "referrer-policy"])
        expect(again.headers.get(header)).toBeTruthy();
      const hitLines = log.mock.calls.filter(
        ([fields]) => (fields as { req?: { path?: string } }).req?.path === "/coupons",
      );
      expect(hitLines.at(-1)).toEqual([
        expect.objectContaining({ req: { method: "GET", path: "/coupons" }, res: { status: 200 } }),
        "request completed",
      ]);
    } finally {
      log.mockRestore();
    }
  });

  it("never serves a signed-in admin from the cache, and marks their pages private", async () => {
    await cached("/");
    const cookie = await signInOverHttp(served().url, ADMIN);
    const signedIn = await get("/", { cookie });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const admin = await get("/admin", { cookie });
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps no admin page, click-out or answer that sets a cookie", async () => {
    for (const path of ["/admin/login", "/admin/login?redirectTo=%2Fadmin", "/healthz"]) {
      await get(path);
      expect((await get(path)).headers.get("x-cache")).toBeNull();
    }
    const [deal] = await served()
      .app.db.select({ id: deals.id })
      .from(deals)
      .where(eq(deals.status, "published"))
      .limit(1);
    const clickOut = await fetch(`${served().url}/go/deal/${deal!.id}`, { redirect: "manual" });
    expect(clickOut.headers.get("x-cache")).toBeNull();
    // A visitor who chose about cookies gets a page without the banner, kept for them but private.
    const chose = await get("/about", { cookie: "cookieConsent=true" });
    expect(chose.headers.get("cache-control")).toBe("private, max-age=0");
    expect(chose.body).not.toContain('aria-label="Cookie consent"');
    expect((await get("/about")).body).toContain('aria-label="Cookie consent"');
  });

  it("shows a publish, an edit, a price change and a delete on the next visit", async () => {
    const [draft] = await served()
      .app.db.select({ id: deals.id, title: deals.title })
      .from(deals)
      .where(eq(deals.status, "draft"))
      .limit(1);
    expect((await cached("/deal-dashes?sort=newest&search=")).body).not.toContain(draft!.title);

    await served()
      .app.db.update(deals)
      .set({ status: "published", createdAt: sql`now()` })
      .where(eq(deals.id, draft!.id));
    expect((await get("/deal-dashes?sort=newest&search=")).body).toContain(draft!.title);

    await cached("/deal-dashes?sort=newest&search=");
    await served().app.db.update(deals).set({ title: "Cache Check Renamed Deal" }).where(eq(deals.id, draft!.id));
    expect((await get("/deal-dashes?sort=newest&search=")).body).toContain("Cache Check Renamed Deal");

    await cached("/deal-dashes?sort=newest&search=");
    await served().app.db.update(deals).set({ currentPrice: 1234.56 }).where(eq(deals.id, draft!.id));
    expect((await get("/deal-dashes?sort=newest&search=")).body).toContain("1,234.56");

    await cached("/deal-dashes?sort=newest&search=");
    await served().app.db.delete(deals).where(eq(deals.id, draft!.id));
    expect((await get("/deal-dashes?sort=newest&search=")).body).not.toContain("Cache Check Renamed Deal");
  });

  it("drops a coupon from the kept page when it ends, without any write", async () => {
    const [coupon] = await served()
      .app.db.select({ id: coupons.id })
      .from(coupons)
      .where(eq(coupons.status, "published"))
      .limit(1);
    await served()
      .app.db.update(coupons)
      .set({ title: "Cache Check Ending Coupon", validFrom: null, validUntil: sql`now() + interval '4 seconds'` })
      .where(eq(coupons.id, coupon!.id));
    expect((await cached("/coupons")).body).toContain("Cache Check Ending Coupon");
    // Kept pages live 5 minutes: the coupon leaves because the cache forgets at its end.
    await expect
      .poll(async () => (await get("/coupons")).body.includes("Cache Check Ending Coupon"), {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(false);
  });

  it("forgets pages when an admin write commits a change, not for one refused", async () => {
    await cached("/");
    const cookie = await signInOverHttp(served().url, ADMIN);
    const refused = await fetch(`${served().url}/admin/stores/add`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: new URLSearchParams({ name: "" }),
    });
    expect(refused.status).toBe(400);
    expect((await get("/")).headers.get("x-cache")).toBe("hit");
    expect(await createStoreOverHttp(served().url, cookie, "Cache Check Store")).toBe(true);
    await expect.poll(async () => (await get("/")).headers.get("x-cache")).toBe("miss");
  });
});
