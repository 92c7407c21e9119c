import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { auditLog, coupons, deals, itemVotes, itemVoteTallies, stores } from "#app/db/schema";
import { markCouponVerified } from "#app/modules/coupons/coupon-verified.server";
import { listStoreCoupons } from "#app/modules/coupons/coupons-public.server";

import { actor, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { castVote, voteAnswer } from "./votes.server";

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;
const SECRET = "test-secret";
const DAY = 86_400_000;

async function liveCoupon() {
  const [coupon] = await db()
    .select()
    .from(coupons)
    .where(and(eq(coupons.status, "published"), sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} > now())`))
    .limit(1);
  return coupon!;
}

/** The coupon as its store page's card shows it. */
async function card(coupon: { id: string; storeId: string }) {
  const cards = await listStoreCoupons(db(), coupon.storeId, { state: "live", limit: 50 });
  return cards.find((row) => row.id === coupon.id)!;
}

beforeEach(async () => {
  await db().delete(itemVotes);
  await db().delete(itemVoteTallies);
});

describe("shopper votes", () => {
  it("count once per visitor per item per day, and show on the coupon's card as a success rate from five answers", async () => {
    const coupon = await liveCoupon();
    const now = new Date();
    const vote = (ip: string, choice: string, at = now) =>
      castVote(db(), { kind: "coupon", id: coupon.id, vote: choice, ip, secret: SECRET, now: at });
    expect(await vote("203.0.113.1", "worked")).toBe("counted");
    expect(await vote("203.0.113.1", "failed")).toBe("already");
    expect(await vote("203.0.113.1", "worked", new Date(now.getTime() - DAY))).toBe("counted");
    expect(await vote("203.0.113.2", "worked")).toBe("counted");
    expect(await vote("203.0.113.3", "failed")).toBe("counted");
    expect((await card(coupon)).worked + (await card(coupon)).failed).toBe(4);
    expect(await vote("203.0.113.4", "worked")).toBe("counted");
    expect(await card(coupon)).toMatchObject({ worked: 4, failed: 1 });
    // The card knows when a shopper last said it worked, apart from the owner's verification.
    expect(new Date((await card(coupon)).lastWorkedAt!).getTime()).toBe(now.getTime());
    expect((await card(coupon)).verifiedAt).toBeNull();
  });

  it("answer with what shoppers said of the code, or of the offer when the coupon has no code", async () => {
    const coupon = await liveCoupon();
    const withCode = (couponCode: string | null) =>
      db().update(coupons).set({ couponCode }).where(eq(coupons.id, coupon.id));
    await withCode("SAVE10");
    for (const [n, choice] of ["worked", "worked", "failed", "worked", "worked"].entries())
      await castVote(db(), { kind: "coupon", id: coupon.id, vote: choice, ip: `203.0.113.${n}`, secret: SECRET });
    expect((await voteAnswer(db(), "coupon", coupon.id)).message).toBe("Thanks! 4 of 5 shoppers say this code worked.");
    await withCode(null);
    expect(await voteAnswer(db(), "coupon", coupon.id)).toEqual({
      message: "Thanks! 4 of 5 shoppers say it worked.",
      tally: { worked: 4, failed: 1, expired: 0 },
    });
  });

  it("do not empty the page cache at once: anyone may vote, from any address", async () => {
    const coupon = await liveCoupon();
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const heard: string[] = [];
    const stop = await database().listen("dealdash_content", (payload) => heard.push(payload));
    try {
      await castVote(db(), { kind: "deal", id: deal!.id, vote: "expired", ip: "203.0.113.5", secret: SECRET });
      await castVote(db(), { kind: "coupon", id: coupon.id, vote: "failed", ip: "203.0.113.5", secret: SECRET });
      await castVote(db(), { kind: "coupon", id: coupon.id, vote: "worked", ip: "203.0.113.6", secret: SECRET });
      // Notifications arrive in commit order: a later change heard means nothing else was said before it.
      await db()
        .update(stores)
        .set({ name: sql`${stores.name}` })
        .where(eq(stores.id, coupon.storeId));
      await expect.poll(() => heard).toEqual(["stores"]);
    } finally {
      await stop();
    }
  });

  it("keep no address: the voter is a keyed hash that changes with the day", async () => {
    const coupon = await liveCoupon();
    const now = new Date();
    await castVote(db(), { kind: "coupon", id: coupon.id, vote: "worked", ip: "198.51.100.7", secret: SECRET, now });
    await castVote(db(), {
      kind: "coupon",
      id: coupon.id,
      vote: "worked",
      ip: "198.51.100.7",
      secret: SECRET,
      now: new Date(now.getTime() + DAY),
    });
    const voters = (await db().select().from(itemVotes)).map((row) => row.voter);
    expect(voters).toHaveLength(2);
    expect(voters[0]).not.toBe(voters[1]);
    expect(JSON.stringify(voters)).not.toContain("198.51.100.7");
  });

  it("take only the answers an item's kind has, for live items only", async () => {
    const coupon = await liveCoupon();
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const ballot = { ip: "203.0.113.9", secret: SECRET };
    expect(await castVote(db(), { ...ballot, kind: "deal", id: deal!.id, vote: "expired" })).toBe("counted");
    expect(await castVote(db(), { ...ballot, kind: "deal", id: deal!.id, vote: "worked" })).toBe("invalid");
    expect(await castVote(db(), { ...ballot, kind: "store", id: coupon.storeId, vote: "expired" })).toBe("invalid");
    expect(await castVote(db(), { ...ballot, kind: "coupon", id: "not-an-id", vote: "worked" })).toBe("invalid");
    await db().update(coupons).set({ status: "draft" }).where(eq(coupons.id, coupon.id));
    expect(await castVote(db(), { ...ballot, kind: "coupon", id: coupon.id, vote: "worked" })).toBe("not-found");
    await db().update(coupons).set({ status: "published" }).where(eq(coupons.id, coupon.id));
    const [tally] = await db().select().from(itemVoteTallies).where(eq(itemVoteTallies.itemId, deal!.id));
    expect(tally).toMatchObject({ kind: "deal", expired: 1, worked: 0 });
  });

  it("an admin's 'Mark verified' dates the coupon's card and is audited", async () => {
    const coupon = await liveCoupon();
    const before = Date.now();
    const toast = await markCouponVerified({ db: db() }, coupon.id, actor);
    const after = Date.now();
    expect(toast).toMatchObject({ type: "success" });
    // Dated when it was marked (the database's clock may round to the second).
    const verifiedAt = new Date((await card(coupon)).verifiedAt!).getTime();
    expect(verifiedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(verifiedAt).toBeLessThanOrEqual(after + 1_000);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verify"), eq(auditLog.entityId, coupon.id)));
    expect(entry).toMatchObject({ entity: "coupon", actorEmail: actor.email });
  });
});
