import http from "node:http";
import type { AddressInfo } from "node:net";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, coupons, sourcedItems, sourcingCandidates, sourcingSources, stores } from "#app/db/schema";
import { attentionQueue } from "#app/modules/attention/attention.server";

import { awinPromotion, FAKE_AWIN, type FakeAwin, startFakeAwin } from "../../../tests/support/fake-awin";
import { FAKE_IMPACT, type FakeImpact, impactAd, startFakeImpact } from "../../../tests/support/fake-impact";
import { actor, seedDemoWithActor } from "../../../tests/support/fixtures";
import { GADGET_FEED_HEADER, gadgetFeedForm } from "../../../tests/support/gadget-feed";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { approveCandidates } from "./approve.server";
import { awinSourceSchema, feedSourceSchema, impactSourceSchema } from "./source.schema";
import { deleteSource, runDueSources, runSource, saveSource } from "./sources.server";

// A feed source's runs against a local feed whose answer the test changes between runs.

const db = testDatabasePerFile(seedDemoWithActor);

let feed: { status: number; type: string; body: string; headers?: Record<string, string> };
let server: http.Server;
let base = "";
let awin: FakeAwin;
let impact: FakeImpact;

beforeAll(async () => {
  awin = await startFakeAwin();
  impact = await startFakeImpact();
  server = http.createServer((_request, response) => {
    response.writeHead(feed.status, { "content-type": feed.type, ...feed.headers }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await awin.close();
  await impact.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const context = () => ({
  appSecret: "a".repeat(32),
  allowPrivate: true,
  timeoutMs: 10_000,
  paceMs: 0,
  endpoints: { awin: awin.url, impact: impact.url },
});
const csv = (storeName: string, ids: number[]) =>
  [
    GADGET_FEED_HEADER,
    ...ids.map(
      (n) =>
        `${n},Feed gadget ${n},https://gadgets.example/p/${n},https://track.example/?o=${n},https://gadgets.example/${n}.jpg,${20 + n},${40 + n},${storeName}`,
    ),
  ].join("\n");

async function addFeed(name: string) {
  const input = feedSourceSchema.parse(gadgetFeedForm(name, `${base}/feed.csv`));
  return (await saveSource(db().db, context().appSecret, { kind: "feed" }, input, actor))!;
}

const sourceRow = async (id: string) =>
  (await db().db.select().from(sourcingSources).where(eq(sourcingSources.id, id)))[0]!;
const waiting = async (id: string) =>
  db()
    .db.select()
    .from(sourcingCandidates)
    .where(eq(sourcingCandidates.sourceId, id))
    .then((rows) => rows.filter((row) => row.status === "pending"));

describe("a feed source's runs", () => {
  it("lands a feed once, withdraws what it drops, and keeps its place when the feed fails", async () => {
    const [store] = await db().db.select({ name: stores.name }).from(stores).limit(1);
    const id = await addFeed("Gadgets");
    feed = { status: 200, type: "text/csv", body: csv(store!.name, [1, 2, 3]) };
    const start = new Date();
    expect(await runSource(db().db, id, context(), start)).toMatchObject({
      read: 3,
      queued: 3,
      withdrawn: 0,
      error: null,
    });
    expect(await sourceRow(id)).toMatchObject({ lastFound: 3, lastError: null, progress: null });
    // Not due again until its schedule says: a second worker's run finds nothing to do.
    expect(await runSource(db().db, id, context(), new Date(start.getTime() + 1000))).toBeNull();

    const later = new Date(start.getTime() + 61 * 60_000);
    feed = { status: 200, type: "text/csv", body: csv(store!.name, [1, 3]) };
    expect(await runDueSources(db().db, context(), later)).toEqual({ ran: 1, queued: 0, purged: 0 });
    expect((await waiting(id)).map((row) => row.externalId).sort()).toEqual(["1", "3"]);

    // A page instead of the feed: the run stops with why, and the queue keeps what it had.
    feed = { status: 200, type: "text/html", body: "<!doctype html><h1>Sign in</h1>" };
    const evenLater = new Date(later.getTime() + 61 * 60_000);
    expect(await runSource(db().db, id, context(), evenLater)).toMatchObject({
      error: "The feed's address answered with a web page, not a CSV or JSON feed",
    });
    expect((await sourceRow(id)).lastError).toBe("The feed's address answered with a web page, not a CSV or JSON feed");
    expect(await waiting(id)).toHaveLength(2);
  });

  it("says which setting is missing when a source's stored settings no longer hold, and tries again on schedule", async () => {
    const id = await addFeed("Hand-edited gadgets");
    // Settings the form would refuse, as a hand edit or an older version could leave them: no address.
    const { url: _url, ...withoutAddress } = (await sourceRow(id)).settings as Record<string, unknown>;
    await db().db.update(sourcingSources).set({ settings: withoutAddress }).where(eq(sourcingSources.id, id));
    feed = { status: 200, type: "text/csv", body: csv("Anywhere", [1]) };
    const message = "The source's settings are incomplete (Enter the feed's address): edit the source and save it";
    expect(await runSource(db().db, id, context())).toMatchObject({ read: 0, queued: 0, error: message });
    const after = await sourceRow(id);
    expect(after).toMatchObject({ lastError: message, progress: null });
    expect(after.nextRunAt!.getTime() - after.lastFinishedAt!.getTime()).toBe(60 * 60_000);
    expect(await waiting(id)).toEqual([]);
  });

  it("waits as long as a busy feed asks, and refuses to delete a source items are tied to", async () => {
    const [store] = await db().db.select({ name: stores.name }).from(stores).limit(1);
    const id = await addFeed("Busy gadgets");
    feed = { status: 429, type: "text/plain", body: "", headers: { "retry-after": "600" } };
    const outcome = await runSource(db().db, id, context());
    expect(outcome?.error).toBe("The feed asked us to slow down (429 Too Many Requests)");
    const after = await sourceRow(id);
    expect(after.nextRunAt!.getTime() - after.lastFinishedAt!.getTime()).toBe(600_000);

    await db().db.update(sourcingSources).set({ nextRunAt: new Date() }).where(eq(sourcingSources.id, id));
    feed = { status: 200, type: "text/csv", body: csv(store!.name, [50]) };
    await runSource(db().db, id, context());
    const [candidate] = await waiting(id);
    await approveCandidates(db().db, [candidate!.id], { publish: false, actor, amazon: null });
    expect(await deleteSource(db().db, id, actor)).toEqual({
      ok: false,
      message: "1 item on the site came from this source and is kept in step with it: pause it instead",
    });
  });

  it("keeps Awin's coupons in step: a new end moves the coupon's, a new code asks the owner, a dropped offer ends it", async () => {
    const [store] = await db().db.select({ name: stores.name }).from(stores).limit(1);
    const advertiser = { id: 77, name: store!.name, joined: true };
    const input = awinSourceSchema.parse({
      name: "Awin",
      everyMinutes: "60",
      enabled: true,
      token: FAKE_AWIN.token,
      settings: { publisherId: FAKE_AWIN.publisherId },
    });
    const id = (await saveSource(db().db, context().appSecret, { kind: "awin" }, input, actor))!;
    const stored = await sourceRow(id);
    expect(stored.secret).not.toContain(FAKE_AWIN.token);
    awin.offers = [1, 2, 3].map((n) => awinPromotion(n, { advertiser }));
    const start = new Date();
    expect(await runSource(db().db, id, context(), start)).toMatchObject({ read: 3, queued: 3, error: null });
    const waitingNow = await waiting(id);
    const approved = waitingNow.filter((row) => row.externalId !== "1003").map((row) => row.id);
    expect((await approveCandidates(db().db, approved, { publish: true, actor, amazon: null })).approved).toHaveLength(
      2,
    );
    const couponOf = async (externalId: string) => {
      const [tied] = await db()
        .db.select({ coupon: coupons })
        .from(sourcedItems)
        .innerJoin(coupons, eq(coupons.id, sourcedItems.couponId))
        .where(eq(sourcedItems.externalId, externalId));
      return tied!.coupon;
    };
    expect(await couponOf("1001")).toMatchObject({ couponCode: "SAVE1", status: "published" });

    // Next hour: offer 1 runs longer under a new code, offer 2 is gone, offer 3 still waits.
    awin.offers = [
      awinPromotion(1, { advertiser, endDate: "2027-01-15T23:59:00+00:00", voucher: { code: "SAVE1NEW" } }),
      awinPromotion(3, { advertiser }),
    ];
    const later = new Date(start.getTime() + 61 * 60_000);
    expect(await runSource(db().db, id, context(), later)).toMatchObject({ queued: 0, updated: 1, ended: 1 });
    expect((await couponOf("1001")).validUntil?.toISOString()).toBe("2027-01-15T23:59:00.000Z");
    expect((await couponOf("1002")).validUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await waiting(id)).map((row) => row.externalId)).toEqual(["1003"]);
    const attention = await attentionQueue(db().db, { reason: "code-changed" });
    expect(attention.rows.map((row) => [row.id, row.reasons[0]?.detail])).toEqual([
      [(await couponOf("1001")).id, "SAVE1NEW"],
    ]);

    // A token Awin refuses: the run says so, and the queue and the site keep what they had.
    await db().db.update(sourcingSources).set({ secret: null }).where(eq(sourcingSources.id, id));
    const again = new Date(later.getTime() + 61 * 60_000);
    expect((await runSource(db().db, id, context(), again))?.error).toBe(
      "Awin needs your API token: add it to the source",
    );
    expect((await couponOf("1001")).validUntil?.toISOString()).toBe("2027-01-15T23:59:00.000Z");
  });

  it("keeps Impact's coupons in step: an ad Impact stops listing ends its coupon, an expired deal too", async () => {
    const [store] = await db().db.select({ name: stores.name }).from(stores).limit(1);
    const input = impactSourceSchema.parse({
      name: "Impact",
      everyMinutes: "60",
      enabled: true,
      token: FAKE_IMPACT.token,
      settings: { accountSid: FAKE_IMPACT.accountSid },
    });
    const id = (await saveSource(db().db, context().appSecret, { kind: "impact" }, input, actor))!;
    impact.ads = [1, 3, 5].map((n) => impactAd(n, { AdvertiserName: store!.name }));
    const start = new Date();
    expect(await runSource(db().db, id, context(), start)).toMatchObject({ read: 3, queued: 3, error: null });
    const landed = await waiting(id);
    const approval = await approveCandidates(
      db().db,
      landed.map((row) => row.id),
      { publish: true, actor, amazon: null },
    );
    expect(approval.approved).toHaveLength(3);
    const couponOf = async (externalId: string) =>
      (
        await db()
          .db.select({ code: coupons.couponCode, until: coupons.validUntil, url: coupons.customUrl })
          .from(sourcedItems)
          .innerJoin(coupons, eq(coupons.id, sourcedItems.couponId))
          .where(eq(sourcedItems.externalId, externalId))
      )[0]!;
    expect(await couponOf("5001")).toMatchObject({
      code: "IMPACT1",
      url: "https://shop-one.pxf.io/c/1924609/5001/27154",
    });

    // Next hour: ad 3 is gone and ad 5's deal has expired; ad 1 is still listed, though unreadable this time.
    impact.ads = [impactAd(1, { DealName: "", Name: "" }), impactAd(5, { DealState: "EXPIRED" })];
    const later = new Date(start.getTime() + 61 * 60_000);
    expect(await runSource(db().db, id, context(), later)).toMatchObject({
      ended: 2,
      refused: 1,
      error: "Rows left out: Ad 5001: no title",
    });
    for (const gone of ["5003", "5005"])
      expect((await couponOf(gone)).until!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await couponOf("5001")).until!.getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps a feed address's query, where keys live, out of the audit log", async () => {
    const input = feedSourceSchema.parse({
      name: "Keyed feed",
      everyMinutes: "60",
      enabled: true,
      settings: { url: `${base}/feed.csv?key=sekrit-123`, mapping: { title: "name", url: "link" } },
    });
    const id = await saveSource(db().db, context().appSecret, { kind: "feed" }, input, actor);
    const [entry] = await db()
      .db.select({ detail: auditLog.detail })
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'id' = ${id}`);
    expect(JSON.stringify(entry!.detail)).not.toContain("sekrit-123");
    expect(entry!.detail).toMatchObject({ settings: { url: `${base}/feed.csv?…` } });
  });
});
