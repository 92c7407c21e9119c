import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deals, rollUpMarks, webhookDeliveries, webhookItemStates, webhooks } from "#app/db/schema";
import { runBulkAction } from "#app/modules/catalogue/bulk.server";
import { importCsv } from "#app/modules/catalogue/csv-import.server";
import { contentType } from "#app/modules/catalogue/registry.server";

import { actor, insertDealLike, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import type { WebhookInput } from "./webhook.schema";
import {
  redeliver,
  runWebhookEvents,
  saveWebhook,
  sendDueWebhooks,
  sendTestWebhook,
  webhooksWithDeliveries,
} from "./webhooks.server";

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;
const services = () => testContext(database());
const siteUrl = () => services().env.PUBLIC_URL;
const HOUR = 3_600_000;

/** A local receiver: answers with the next queued status (200 once they run out) and keeps what it got. */
const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
const statuses: number[] = [];
const receiver = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(statuses.shift() ?? 200).end("thanks");
  });
});
let receiverUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/dealdash`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));
beforeEach(async () => {
  received.length = 0;
  statuses.length = 0;
  await db().delete(webhooks);
  await db().delete(webhookItemStates);
  await db()
    .delete(rollUpMarks)
    .where(inArray(rollUpMarks.name, ["webhook-events", "webhook-item-states"]));
  // The demo content was saved moments ago: make it old news, then start the clock.
  for (const table of ["deals", "coupons", "buying_guides"])
    await db().execute(sql`UPDATE ${sql.identifier(table)} SET updated_at = now() - interval '1 hour'`);
  await runWebhookEvents(db(), services());
});

/** A hook posting to the local receiver (reachable with the test-only allowance for private addresses). */
async function addHook(input: Partial<WebhookInput> = {}) {
  const saved = await saveWebhook(
    db(),
    services().appSecret,
    undefined,
    { url: receiverUrl, format: "json", events: ["deal.published"], batches: "summary", ...input },
    { allowPrivate: true },
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  return saved.id;
}

const send = (options: { now?: Date; allowPrivate?: boolean } = {}) =>
  sendDueWebhooks(db(), services().appSecret, { allowPrivate: true, siteUrl: siteUrl(), ...options });
const bodies = () => received.map((post) => JSON.parse(post.body) as Record<string, unknown>);

const newDeal = (title: string, values: Partial<typeof deals.$inferInsert> = {}) => insertDealLike(db(), title, values);

/** Drafts, seen by a run of the events job, then published by one bulk action. */
async function publishDraftsTogether(titles: string[]) {
  const drafts = await Promise.all(titles.map((title) => newDeal(title, { status: "draft" })));
  await runWebhookEvents(db(), services());
  const ids = drafts.map((draft) => draft.id);
  await runBulkAction(contentType("deal"), db(), actor, "publish", inArray(deals.id, ids));
  return drafts;
}

describe("webhooks", () => {
  it("post a signed JSON body for a published deal, retry a 500, and keep the answers", async () => {
    await addHook({ events: ["deal.published", "deal.expired"] });
    const [hook] = await webhooksWithDeliveries(db(), services().appSecret);
    const deal = await newDeal("Hooked Robot Vacuum");
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 1 });

    statuses.push(500);
    const now = new Date();
    expect(await send({ now })).toEqual({ delivered: 0, retrying: 1, failed: 0, dropped: 0 });
    expect(await send({ now: new Date(now.getTime() + 31_000) })).toEqual({
      delivered: 1,
      retrying: 0,
      failed: 0,
      dropped: 0,
    });
    expect(received).toHaveLength(2);
    const { headers, body } = received[1]!;
    expect(received[0]!.body).toBe(body);
    const [delivery] = (await webhooksWithDeliveries(db(), services().appSecret))[0]!.deliveries;
    expect(JSON.parse(body)).toMatchObject({
      id: delivery!.id,
      event: "deal.published",
      item: { kind: "deal", id: deal.id, title: "Hooked Robot Vacuum", url: `${siteUrl()}/deals/${deal.slug}` },
    });
    const expected = createHmac("sha256", hook!.secret!)
      .update(`${headers["x-dealdash-timestamp"]}.${body}`)
      .digest("hex");
    expect(headers["x-dealdash-signature"]).toBe(`sha256=${expected}`);
    expect(delivery).toMatchObject({ state: "delivered", attempts: 2, responseStatus: 200, response: "OK" });
    // A retry carries the delivery's id, as the first try did: a receiver can drop the repeat.
    expect(received.map((post) => post.headers["x-dealdash-delivery"])).toEqual([delivery!.id, delivery!.id]);

    // Redeliver posts the same body again; ending the deal is its own event.
    expect(await redeliver(db(), delivery!.id)).toBe(true);
    expect(await send()).toMatchObject({ delivered: 1 });
    expect(received[2]!.body).toBe(body);
    await db()
      .update(deals)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(deals.id, deal.id));
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 1 });
    await send();
    expect(JSON.parse(received[3]!.body)).toMatchObject({ event: "deal.expired", item: { id: deal.id } });
  });

  it("tell a publication from an update, announce a scheduled deal when it goes live, and speak Discord and Slack", async () => {
    await addHook({ format: "discord", events: ["deal.published", "deal.updated"] });
    await addHook({ format: "slack", events: ["deal.published"] });
    const publishAt = new Date(Date.now() + HOUR);
    const scheduled = await newDeal("Scheduled Air Fryer", { publishAt });
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });
    expect(await runWebhookEvents(db(), services(), new Date(publishAt.getTime() + 1_000))).toEqual({
      events: 1,
      deliveries: 2,
    });
    await db()
      .update(deals)
      .set({ title: "Scheduled Air Fryer XL", updatedAt: new Date(publishAt.getTime() + 2_000) })
      .where(eq(deals.id, scheduled.id));
    expect(await runWebhookEvents(db(), services(), new Date(publishAt.getTime() + 3_000))).toEqual({
      events: 1,
      deliveries: 1,
    });
    await send({ now: new Date(publishAt.getTime() + 4_000) });
    const posted = bodies() as Array<{ content?: string; text?: string }>;
    expect(posted.filter((body) => body.content?.startsWith("New deal: Scheduled Air Fryer"))).toHaveLength(1);
    expect(posted.filter((body) => body.content?.startsWith("Deal updated: Scheduled Air Fryer XL"))).toHaveLength(1);
    expect(
      posted.filter((body) =>
        body.text?.startsWith(`New deal: <${siteUrl()}/deals/${scheduled.slug}|Scheduled Air Fryer>`),
      ),
    ).toHaveLength(1);
  });

  it("announce one save once, whatever the runs' timing, and when two runs overlap", async () => {
    await addHook({ events: ["deal.published", "deal.updated"] });
    const deal = await newDeal("Once Only Blender");
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 1 });
    // Later runs re-read the last minute's saves (late commits): the deal is already announced.
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });

    await db()
      .update(deals)
      .set({ title: "Once Only Blender Pro", updatedAt: new Date() })
      .where(eq(deals.id, deal.id));
    const overlapping = await Promise.all([runWebhookEvents(db(), services()), runWebhookEvents(db(), services())]);
    expect(overlapping.reduce((sum, run) => sum + run.events, 0)).toBe(1);
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });
    const events = (await db().select().from(webhookDeliveries)).map((delivery) => delivery.event).sort();
    expect(events).toEqual(["deal.published", "deal.updated"]);
  });

  it("know from the start which items were live: a draft from before webhooks is new when published, a live deal saved is updated", async () => {
    await addHook({ events: ["deal.published", "deal.updated"] });
    const draft = await newDeal("Old Draft Heater", { status: "draft" });
    const live = await newDeal("Old Live Heater");
    // Webhooks start now: the first run records what is live.
    await db().execute(
      sql`UPDATE deals SET created_at = now() - interval '2 hours', updated_at = now() - interval '1 hour' WHERE id IN (${draft.id}, ${live.id})`,
    );
    await db().delete(webhookItemStates);
    await db()
      .delete(rollUpMarks)
      .where(inArray(rollUpMarks.name, ["webhook-events", "webhook-item-states"]));
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });

    await db().update(deals).set({ status: "published" }).where(eq(deals.id, draft.id));
    await db().update(deals).set({ title: "Old Live Heater (new model)" }).where(eq(deals.id, live.id));
    await runWebhookEvents(db(), services());
    await send();
    expect(
      bodies()
        .map((body) => [body.event, (body.item as { title: string }).title])
        .sort(),
    ).toEqual([
      ["deal.published", "Old Draft Heater"],
      ["deal.updated", "Old Live Heater (new model)"],
    ]);
  });

  it("refuse, when saved, an address that is or points to a private one, or cannot be found, and say why", async () => {
    const refusal = async (url: string) => {
      const saved = await saveWebhook(
        db(),
        services().appSecret,
        undefined,
        { url, format: "json", events: ["deal.published"], batches: "summary" },
        { allowPrivate: false },
      );
      return saved.ok ? null : saved.fieldErrors.url?.[0];
    };
    expect(await refusal("http://127.0.0.1:9/hook")).toBe(
      "Webhooks post to public addresses only: 127.0.0.1 is a private network address.",
    );
    expect(await refusal("http://[::1]/hook")).toBe(
      "Webhooks post to public addresses only: ::1 is a private network address.",
    );
    expect(await refusal("http://169.254.169.254/latest")).toBe(
      "Webhooks post to public addresses only: 169.254.169.254 is a private network address.",
    );
    expect(await refusal("http://10.0.0.7/hook")).toBe(
      "Webhooks post to public addresses only: 10.0.0.7 is a private network address.",
    );
    expect(await refusal("http://localhost:3000/hook")).toMatch(
      /^Webhooks post to public addresses only: localhost points to a private network address \((127\.0\.0\.1|::1)\)\.$/,
    );
    expect(await refusal("https://no-such-host.invalid/hook")).toBe(
      "Webhooks post to public addresses only: no-such-host.invalid could not be found.",
    );
    expect(await db().select().from(webhooks)).toEqual([]);
  });

  it("refuse, when sent, an address that has come to point to a private one", async () => {
    await addHook();
    await newDeal("Private Hook Deal");
    await runWebhookEvents(db(), services());
    expect(await send({ allowPrivate: false })).toEqual({ delivered: 0, retrying: 1, failed: 0, dropped: 0 });
    expect(received).toHaveLength(0);
    const [delivery] = await db().select().from(webhookDeliveries);
    expect(delivery).toMatchObject({
      state: "pending",
      response: "Refused: the URL points to a private network address",
    });
  });

  it("change a hook's address and events", async () => {
    const id = await addHook({ url: "http://127.0.0.1:9/old", events: ["deal.expired"] });
    const saved = await saveWebhook(
      db(),
      services().appSecret,
      id,
      { url: receiverUrl, format: "slack", events: ["deal.published"], batches: "quiet" },
      { allowPrivate: true },
    );
    expect(saved).toEqual({ ok: true, id });
    await newDeal("Edited Hook Lamp");
    await runWebhookEvents(db(), services());
    await send();
    expect(bodies()).toEqual([{ text: expect.stringContaining("New deal: <") }]);
  });

  it("tell of a CSV import and of a bulk publish once each, in words and in JSON, and not to a quiet hook", async () => {
    await addHook({ format: "discord" });
    await addHook({ format: "json" });
    await addHook({ format: "json", batches: "quiet" });
    const lines = Array.from(
      { length: 12 },
      (_, i) =>
        `Imported Gadget ${i + 1},bestbuy,${19 + i},Handy,https://x.example/${i}.png,https://x.example/${i},published`,
    );
    const csv = ["title,store,currentPrice,shortDescription,imageUrl,affiliateUrl,status", ...lines].join("\n");
    await importCsv(contentType("deal"), db(), actor, new Blob([csv]).stream(), { dryRun: false });
    // A deal saved on its own while the import's news waits is news of its own.
    await newDeal("Hand-made Post");
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 2, deliveries: 5 });
    await send();
    const discord = bodies()
      .map((body) => body.content as string | undefined)
      .filter(Boolean);
    expect(discord).toHaveLength(2);
    expect(discord).toContainEqual(expect.stringMatching(/^New deal: Hand-made Post/));
    const summary = discord.find((content) => content!.startsWith("12 new deals from a CSV import:"))!;
    expect(summary.split("\n").filter((line) => line.startsWith("• "))).toHaveLength(10);
    expect(summary).toContain(`…and 2 more: ${siteUrl()}/deal-dashes`);
    const json = bodies().filter((body) => body.source === "import");
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ event: "deal.published", count: 12, items: expect.any(Array) });
    expect((json[0]!.items as unknown[]).length).toBe(10);

    // Drafts published together are one more post; later runs find nothing new.
    received.length = 0;
    await publishDraftsTogether(["Draft Kettle", "Draft Toaster", "Draft Mixer"]);
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 2 });
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });
    await send();
    expect(bodies()).toContainEqual(expect.objectContaining({ source: "bulk", count: 3 }));
    expect(bodies()).toContainEqual({
      username: "DealDash",
      content: expect.stringMatching(/^3 new deals from a bulk action:\n• Draft /),
    });
  });

  it("drop news of a deal no longer live when it is sent, and leave gone deals out of a batch's", async () => {
    await addHook();
    const gone = await newDeal("Gone Before Posting");
    await runWebhookEvents(db(), services());
    await db().update(deals).set({ status: "draft" }).where(eq(deals.id, gone.id));
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0, dropped: 1 });
    expect(received).toHaveLength(0);
    expect((await db().select().from(webhookDeliveries))[0]).toMatchObject({
      state: "dropped",
      response: "Not sent: no longer live",
    });

    const drafts = await publishDraftsTogether(["Batch Lamp", "Batch Rug", "Batch Vase"]);
    await runWebhookEvents(db(), services());
    await db().update(deals).set({ status: "draft" }).where(eq(deals.id, drafts[0]!.id));
    expect(await send()).toMatchObject({ delivered: 1 });
    const [told] = bodies();
    expect(told).toMatchObject({ source: "bulk", count: 2 });
    expect((told!.items as Array<{ title: string }>).map((item) => item.title).sort()).toEqual([
      "Batch Rug",
      "Batch Vase",
    ]);
  });

  it("send a test: the sample of the hook's first event, marked as a test, with the answer kept", async () => {
    const id = await addHook({ events: ["coupon.published"] });
    statuses.push(202);
    expect(await sendTestWebhook(db(), services().appSecret, id, { allowPrivate: true, siteUrl: siteUrl() })).toEqual({
      ok: true,
      status: 202,
      response: "Accepted",
    });
    expect(bodies()).toEqual([
      expect.objectContaining({
        event: "coupon.published",
        test: true,
        item: expect.objectContaining({ kind: "coupon" }),
      }),
    ]);
    const [delivery] = (await webhooksWithDeliveries(db(), services().appSecret))[0]!.deliveries;
    expect(delivery).toMatchObject({ test: true, state: "delivered", responseStatus: 202 });
    // Nothing is left to post: a test is never tried again.
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0, dropped: 0 });
  });
});
