import { eq, inArray, isNotNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { deals, mailOutbox, newsletterSubscribers } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";

import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { digestMessage, queueDigest, readDigest } from "./digest.server";
import { runWeeklyDigest, setDigestSchedule, weekOf } from "./digest-schedule.server";
import { unsubscribe } from "./newsletter.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;
const services = () => testContext(database());

beforeEach(async () => {
  await db().delete(mailOutbox);
  await db().delete(newsletterSubscribers);
  await setDigestSchedule(db(), "weekly");
});

describe("the weekly digest", () => {
  it("lists the week's live deals, coupons and guides as cards with DealDash links, never a draft, an Amazon link, price or picture", async () => {
    const [draft] = await db()
      .update(deals)
      .set({ status: "draft" })
      .where(eq(deals.slug, (await db().select().from(deals).limit(1))[0]!.slug))
      .returning();
    const digest = await readDigest(db());
    await db().update(deals).set({ status: "published" }).where(eq(deals.id, draft!.id));
    expect(digest.deals.length).toBeGreaterThan(0);
    expect(digest.coupons.length).toBeGreaterThan(0);
    expect(digest.guides.length).toBeGreaterThan(0);
    expect(digest.deals.map((deal) => deal.path)).not.toContain(`/deals/${draft!.slug}`);
    // An Amazon deal, the most clicked, leads the list with its store but no price and no picture; another
    // shows its price and picture.
    const [amazon, other] = await db().select().from(deals).where(isNotNull(deals.storeId)).limit(2);
    await db()
      .update(deals)
      .set({ amazonAsin: "B0DIGEST01", popularity: 1_000, status: "published", expiresAt: null })
      .where(eq(deals.id, amazon!.id));
    await db()
      .update(deals)
      .set({ popularity: 999, status: "published", expiresAt: null })
      .where(eq(deals.id, other!.id));
    const site = services().env.PUBLIC_URL;
    const message = digestMessage(services(), await readDigest(db()), {
      id: "00000000-0000-4000-8000-000000000009",
      email: "reader@example.com",
    });
    const hrefs = [...message.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
    expect(hrefs.every((href) => href.startsWith(site))).toBe(true);
    expect(`${message.html}${message.text}`).not.toMatch(/amazon\.com/i);
    const card = (slug: string) =>
      message.html.slice(
        message.html.indexOf(`${site}/deals/${slug}"`),
        message.html.indexOf("See the deal", message.html.indexOf(`${site}/deals/${slug}"`)),
      );
    expect(card(amazon!.slug)).not.toMatch(/<img|\$\d/);
    expect(card(other!.slug)).toMatch(/<img src="[^"]+"/);
    expect(card(other!.slug)).toMatch(/<strong>\$[\d,]+\.\d\d at \S/);
    // The same items in the plain-text part, with their addresses.
    expect(message.text).toContain(`${site}/deals/${amazon!.slug}`);
    expect(message.text).toMatch(new RegExp(`- ${other!.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\$`));
    await db()
      .update(deals)
      .set({ amazonAsin: amazon!.amazonAsin, popularity: 0 })
      .where(inArray(deals.id, [amazon!.id, other!.id]));
    // A week later there is nothing new.
    const later = await readDigest(db(), new Date(Date.now() + 8 * 86_400_000));
    expect([later.deals, later.coupons, later.guides]).toEqual([[], [], []]);
  });

  it("goes to confirmed readers only, once per issue, each with their own unsubscribe link", async () => {
    const readers = await db()
      .insert(newsletterSubscribers)
      .values([
        { email: "one@example.com", state: "confirmed" },
        { email: "two@example.com", state: "confirmed" },
        { email: "asked@example.com", state: "pending" },
        { email: "left@example.com", state: "unsubscribed" },
      ])
      .returning();
    const digest = await readDigest(db());
    const issue = new Date();
    expect(await queueDigest(db(), services(), digest, issue)).toBe(2);
    expect(await queueDigest(db(), services(), digest, issue)).toBe(0);
    const messages = await db().select().from(mailOutbox);
    expect(messages.map((message) => message.to).sort()).toEqual(["one@example.com", "two@example.com"]);
    const one = messages.find((message) => message.to === "one@example.com")!;
    expect(one).toMatchObject({ purpose: "digest", subject: "This week's best deals on DealDash" });
    expect(one.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(one.html).not.toMatch(/amazon\.com/i);
    const link = new URL(one.headers["List-Unsubscribe"]!.slice(1, -1));
    expect(one.text).toContain(link.toString());
    const reader = readers.find((row) => row.email === "one@example.com")!;
    expect(link.searchParams.get("s")).toBe(reader.id);
    expect(await unsubscribe(db(), services().appSecret, reader.id, link.searchParams.get("t"))).toBe(true);
    // The next issue goes to the one still subscribed.
    expect(await queueDigest(db(), services(), digest, new Date(issue.getTime() + 1_000))).toBe(1);
    await db()
      .delete(newsletterSubscribers)
      .where(
        inArray(
          newsletterSubscribers.id,
          readers.map((row) => row.id),
        ),
      );
  });

  it("runs weekly unless switched off, and a retried run that week reaches only who the first one missed", async () => {
    await db().insert(newsletterSubscribers).values({ email: "weekly@example.com", state: "confirmed" });
    const monday = new Date("2026-11-23T09:00:00Z");
    expect(weekOf(new Date("2026-11-29T23:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    await setDigestSchedule(db(), "off");
    expect(await runWeeklyDigest(db(), services(), monday)).toEqual({ skipped: "switched off" });
    await setDigestSchedule(db(), "weekly");
    const now = new Date();
    expect(await runWeeklyDigest(db(), services(), now)).toEqual({ written: 1 });
    expect(await runWeeklyDigest(db(), services(), new Date(now.getTime() + 60_000))).toEqual({ written: 0 });
  });
});
