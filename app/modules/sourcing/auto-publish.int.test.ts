import http from "node:http";
import type { AddressInfo } from "node:net";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, deals, sourcedItems, sourcingSources, stores } from "#app/db/schema";

import { actor, messagesFor, seedDemoWithActor } from "../../../tests/support/fixtures";
import { GADGET_FEED_HEADER, gadgetFeedForm } from "../../../tests/support/gadget-feed";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { feedSourceSchema } from "./source.schema";
import { runSource, saveSource } from "./sources.server";

// A source the owner lets publish on its own: only above its score, only so many a day, and each time the
// owner turns it on or off is in the audit log. Off unless turned on.

const db = testDatabasePerFile(seedDemoWithActor);
const appSecret = "a".repeat(32);
let feedBody = "";
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/csv" }).end(feedBody);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const context = { appSecret, allowPrivate: true, timeoutMs: 10_000, paceMs: 0 };
/** Offers at these prices against 100: the lower, the bigger the saving and the score. */
const feedOf = (store: string, prices: Array<[string, number]>) =>
  [
    GADGET_FEED_HEADER,
    ...prices.map(
      ([id, price]) =>
        `${id},Auto gadget ${id},https://auto.example/p/${id},https://track.example/?o=${id},https://auto.example/${id}.jpg,${price},100,${store}`,
    ),
  ].join("\n");
const form = (values: Record<string, unknown>) => gadgetFeedForm("Auto feed", `${base}/feed.csv`, values);
const publishedFrom = (sourceId: string) =>
  db()
    .db.select({ title: deals.title })
    .from(sourcedItems)
    .innerJoin(deals, eq(deals.id, sourcedItems.dealId))
    .where(and(eq(sourcedItems.sourceId, sourceId), eq(deals.status, "published")))
    .then((rows) => rows.map((row) => row.title).sort());

describe("auto-publishing", () => {
  it("needs a least score and a daily cap before it may be on", () => {
    expect(messagesFor(feedSourceSchema, form({ autoPublish: true }))).toEqual({
      autoMinScore: ["Set the least score it publishes"],
      autoDailyCap: ["Set how many it may publish a day"],
    });
  });

  it("publishes a run's best offers above the score, up to the cap a day, and the log says who turned it on", async () => {
    const [store] = await db().db.select({ name: stores.name }).from(stores).limit(1);
    const input = feedSourceSchema.parse(form({ autoPublish: true, autoMinScore: 40, autoDailyCap: 2 }));
    const id = (await saveSource(db().db, appSecret, { kind: "feed" }, input, actor))!;
    // Savings of 80%, 70%, 50% and 10%: three score 40 or more, the cap takes the best two.
    feedBody = feedOf(store!.name, [
      ["a", 20],
      ["b", 30],
      ["c", 50],
      ["d", 90],
    ]);
    const start = new Date();
    expect(await runSource(db().db, id, context, start)).toMatchObject({ queued: 4, published: 2, error: null });
    expect(await publishedFrom(id)).toEqual(["Auto gadget a", "Auto gadget b"]);
    const [row] = await db().db.select().from(sourcingSources).where(eq(sourcingSources.id, id));
    // Its own publishing is not the owner's judgement of the source.
    expect(row).toMatchObject({ autoPublishedCount: 2, approvedCount: 0 });

    // Later that day a better offer comes: the day's cap is spent, so it waits for the owner.
    feedBody = feedOf(store!.name, [["e", 10]]);
    const later = new Date(start.getTime() + 61 * 60_000);
    expect(await runSource(db().db, id, context, later)).toMatchObject({ queued: 1, published: 0 });

    await saveSource(db().db, appSecret, { id, kind: "feed" }, feedSourceSchema.parse(form({})), actor);
    const policy = await db()
      .db.select({ detail: auditLog.detail, by: auditLog.actorEmail })
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'did' IN ('auto-publish-on', 'auto-publish-off', 'approve')`)
      .orderBy(auditLog.createdAt);
    expect(policy.map((entry) => [entry.detail?.did, entry.by])).toEqual([
      ["auto-publish-on", actor.email],
      ["approve", "Auto-publish (Auto feed)"],
      ["approve", "Auto-publish (Auto feed)"],
      ["auto-publish-off", actor.email],
    ]);
    expect(policy[0]!.detail).toMatchObject({ minScore: 40, dailyCap: 2 });
  });
});
