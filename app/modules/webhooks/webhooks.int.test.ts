import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { deals, rollUpMarks, webhookDeliveries, webhookItemStates, webhooks } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { addWebhook, redeliver, runWebhookEvents, sendDueWebhooks, webhooksWithDeliveries } from "./webhooks.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;
const services = () => testContext(database());
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
  await db().delete(rollUpMarks).where(eq(rollUpMarks.name, "webhook-events"));
  // The demo content was saved moments ago: make it old news, then start the clock.
  for (const table of ["deals", "coupons", "buying_guides"])
    await db().execute(sql`UPDATE ${sql.identifier(table)} SET updated_at = now() - interval '1 hour'`);
  await runWebhookEvents(db(), services());
});

async function newDeal(title: string, values: Partial<typeof deals.$inferInsert> = {}) {
  const [template] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
  const { id: _id, searchVector: _search, createdAt: _created, updatedAt: _updated, ...rest } = template!;
  const [deal] = await db()
    .insert(deals)
    .values({ ...rest, title, slug: `hook-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, expiresAt: null, publishAt: null, ...values })
    .returning();
  return deal!;
}

describe("webhooks", () => {
  it("post a signed JSON body for a published deal, retry a 500, and keep the answers", async () => {
    await addWebhook(db(), services().appSecret, { url: receiverUrl, format: "json", events: ["deal.published", "deal.expired"] });
    const [hook] = await webhooksWithDeliveries(db(), services().appSecret);
    const deal = await newDeal("Hooked Robot Vacuum");
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 1 });

    statuses.push(500);
    const now = new Date();
    expect(await sendDueWebhooks(db(), services().appSecret, { allowPrivate: true, now })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(await sendDueWebhooks(db(), services().appSecret, { allowPrivate: true, now: new Date(now.getTime() + 31_000) })).toEqual({
      delivered: 1,
      retrying: 0,
      failed: 0,
    });
    expect(received).toHaveLength(2);
    const { headers, body } = received[1]!;
    expect(JSON.parse(body)).toMatchObject({
      event: "deal.published",
      item: { kind: "deal", id: deal.id, title: "Hooked Robot Vacuum", url: `${services().env.PUBLIC_URL}/deals/${deal.slug}` },
    });
    const expected = createHmac("sha256", hook!.secret).update(`${headers["x-dealdash-timestamp"]}.${body}`).digest("hex");
    expect(headers["x-dealdash-signature"]).toBe(`sha256=${expected}`);
    const [delivery] = (await webhooksWithDeliveries(db(), services().appSecret))[0]!.deliveries;
    expect(delivery).toMatchObject({ state: "delivered", attempts: 2, responseStatus: 200, response: "thanks" });

    // Redeliver posts the same body again; ending the deal is its own event.
    expect(await redeliver(db(), delivery!.id)).toBe(true);
    await db()
      .update(deals)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(deals.id, deal.id));
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 1 });
    await sendDueWebhooks(db(), services().appSecret, { allowPrivate: true });
    expect(
      received
        .slice(2)
        .map((post) => JSON.parse(post.body).event)
        .sort(),
    ).toEqual(["deal.expired", "deal.published"]);
  });

  it("tell a publication from an update, announce a scheduled deal when it goes live, and speak Discord and Slack", async () => {
    await addWebhook(db(), services().appSecret, { url: receiverUrl, format: "discord", events: ["deal.published", "deal.updated"] });
    await addWebhook(db(), services().appSecret, { url: receiverUrl, format: "slack", events: ["deal.published"] });
    const publishAt = new Date(Date.now() + HOUR);
    const scheduled = await newDeal("Scheduled Air Fryer", { publishAt });
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });
    expect(await runWebhookEvents(db(), services(), new Date(publishAt.getTime() + 1_000))).toEqual({ events: 1, deliveries: 2 });
    await db()
      .update(deals)
      .set({ title: "Scheduled Air Fryer XL", updatedAt: new Date(publishAt.getTime() + 2_000) })
      .where(eq(deals.id, scheduled.id));
    expect(await runWebhookEvents(db(), services(), new Date(publishAt.getTime() + 3_000))).toEqual({ events: 1, deliveries: 1 });
    await sendDueWebhooks(db(), services().appSecret, { allowPrivate: true, now: new Date(publishAt.getTime() + 4_000) });
    const bodies = received.map((post) => JSON.parse(post.body) as { content?: string; text?: string });
    expect(bodies.filter((body) => body.content?.startsWith("New deal: Scheduled Air Fryer"))).toHaveLength(1);
    expect(bodies.filter((body) => body.content?.startsWith("Deal updated: Scheduled Air Fryer XL"))).toHaveLength(1);
    expect(bodies.filter((body) => body.text?.startsWith(`New deal: <${services().env.PUBLIC_URL}/deals/${scheduled.slug}|Scheduled Air Fryer>`))).toHaveLength(
      1,
    );
  });

  it("announce one save once, whatever the runs' timing, and when two runs overlap", async () => {
    await addWebhook(db(), services().appSecret, { url: receiverUrl, format: "json", events: ["deal.published", "deal.updated"] });
    const deal = await newDeal("Once Only Blender");
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 1, deliveries: 1 });
    // Later runs re-read the last minute's saves (late commits): the deal is already announced.
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });

    await db().update(deals).set({ title: "Once Only Blender Pro", updatedAt: new Date() }).where(eq(deals.id, deal.id));
    const overlapping = await Promise.all([runWebhookEvents(db(), services()), runWebhookEvents(db(), services())]);
    expect(overlapping.reduce((sum, run) => sum + run.events, 0)).toBe(1);
    expect(await runWebhookEvents(db(), services())).toEqual({ events: 0, deliveries: 0 });
    const events = (await db().select().from(webhookDeliveries)).map((delivery) => delivery.event).sort();
    expect(events).toEqual(["deal.published", "deal.updated"]);
  });

  it("refuse a private or loopback address", async () => {
    await addWebhook(db(), services().appSecret, { url: receiverUrl, format: "json", events: ["deal.published"] });
    await newDeal("Private Hook Deal");
    await runWebhookEvents(db(), services());
    expect(await sendDueWebhooks(db(), services().appSecret, { allowPrivate: false })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(received).toHaveLength(0);
    const [delivery] = await db().select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ state: "pending", response: "Refused: the URL points to a private network address" });
  });
});
