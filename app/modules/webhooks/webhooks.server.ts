import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { dueBy } from "#app/db/due.server";
import { webhookDeliveries, webhooks, type WebhookEvent, type WebhookFormat } from "#app/db/schema";
import { decryptSecret, encryptSecret } from "#app/platform/secrets-at-rest.server";
import { PrivateAddressError, publicOnlyLookup, refusePrivateLiteral } from "#app/platform/public-network.server";
import type { AppServices } from "#app/platform/load-context";
import { detectWebhookEvents, itemOf, type EventItem, type ItemEvent } from "./webhook-events.server";

// The owner's webhooks: each event is written as one delivery per hook that asked for it, in the hook's
// format (generic JSON, Discord, Slack), then posted by a job, signed, to public addresses only; a refused or
// failed post is tried again later (30 s, doubling, 8 tries). The last 50 deliveries of each hook are kept
// with the receiver's answer; any of them can be sent again.

export const WEBHOOK_EVENTS_JOB = "webhook-events";
export const WEBHOOK_DELIVERIES_JOB = "webhook-deliveries";
const KEPT_PER_HOOK = 50;
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const TIMEOUT_MS = 10_000;

const eventWords: Record<WebhookEvent, string> = {
  "deal.published": "New deal",
  "deal.updated": "Deal updated",
  "deal.expired": "Deal ended",
  "coupon.published": "New coupon",
  "guide.published": "New buying guide",
};

/** The body a hook of `format` is sent for an event. */
export function webhookBody(format: WebhookFormat, event: ItemEvent, item: EventItem, siteUrl: string, at: Date): string {
  const url = siteUrl + item.path;
  const line = `${eventWords[event.event]}: ${item.title}${item.summary ? ` (${item.summary})` : ""}`;
  if (format === "discord") return JSON.stringify({ username: "DealDash", content: `${line}\n${url}` });
  if (format === "slack") return JSON.stringify({ text: `${eventWords[event.event]}: <${url}|${item.title}>${item.summary ? ` (${item.summary})` : ""}` });
  return JSON.stringify({
    event: event.event,
    occurredAt: at.toISOString(),
    item: { kind: event.kind, id: event.id, title: item.title, url, summary: item.summary },
  });
}

/** The signature headers: HMAC-SHA256 of `<timestamp>.<body>` with the hook's secret (receivers refuse old timestamps). */
export function signatureHeaders(secret: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return { "X-DealDash-Timestamp": timestamp, "X-DealDash-Signature": `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}` };
}

export async function addWebhook(db: Executor, appSecret: string, hook: { url: string; format: WebhookFormat; events: WebhookEvent[] }): Promise<void> {
  await db.insert(webhooks).values({ ...hook, secret: encryptSecret(randomBytes(24).toString("base64url"), appSecret) });
}

export async function deleteWebhook(db: Executor, id: string): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

/** Every hook with its secret in clear (the admin copies it to the receiver) and its last deliveries, newest first. */
export async function webhooksWithDeliveries(db: Executor, appSecret: string) {
  const hooks = await db.select().from(webhooks).orderBy(asc(webhooks.createdAt));
  // Each hook's latest few off (webhook_id, created_at): pending ones are never pruned, so a hook that is
  // down can hold many more.
  return Promise.all(
    hooks.map(async (hook) => ({
      ...hook,
      secret: decryptSecret(hook.secret, appSecret),
      deliveries: await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.id))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(KEPT_PER_HOOK),
    })),
  );
}

/** Writes a delivery per hook that asked for each event; returns how many. */
export async function queueWebhookEvents(db: Executor, siteUrl: string, events: ItemEvent[], at = new Date()): Promise<number> {
  if (events.length === 0) return 0;
  const hooks = await db.select().from(webhooks);
  const rows = [];
  for (const event of events) {
    const listening = hooks.filter((hook) => hook.events.includes(event.event));
    const item = listening.length ? await itemOf(db, event.kind, event.id) : null;
    if (!item) continue;
    for (const hook of listening) rows.push({ webhookId: hook.id, event: event.event, body: webhookBody(hook.format, event, item, siteUrl, at) });
  }
  if (rows.length) await db.insert(webhookDeliveries).values(rows);
  return rows.length;
}

/**
 * The events job: what happened since its last run, written as deliveries. One transaction under a lock:
 * runs that overlap (a retry, a second process) take turns, so each sees what the one before recorded and
 * an event is written once; a run that fails records nothing and the next one finds the same events.
 */
export async function runWebhookEvents(db: Database, services: Pick<AppServices, "env">, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${WEBHOOK_EVENTS_JOB}))`);
    const events = await detectWebhookEvents(tx, now);
    return { events: events.length, deliveries: await queueWebhookEvents(tx, services.env.PUBLIC_URL, events, now) };
  });
}

/** One signed POST; its status and the start of its answer. */
function post(url: URL, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<{ status: number; answer: string }> {
  const refused = refusePrivateLiteral(url, allowPrivate);
  if (refused) return Promise.reject(refused);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "DealDash-Webhooks/1", "content-length": Buffer.byteLength(body), ...headers },
        lookup: publicOnlyLookup(allowPrivate) as never,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        let answer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (answer.length < 500) answer += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, answer: answer.slice(0, 500) }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("No answer in time")));
    request.on("error", reject);
    request.end(body);
  });
}

/** Posts the deliveries that are due; returns how many went through, will be tried again, and were given up. */
export async function sendDueWebhooks(db: Executor, appSecret: string, { allowPrivate, now }: { allowPrivate: boolean; now?: Date }) {
  const due = await db
    .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.state, "pending"), dueBy(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(100);
  const outcome = { delivered: 0, retrying: 0, failed: 0 };
  for (const { delivery, url, secret } of due) {
    const attempts = delivery.attempts + 1;
    let status: number | null = null;
    let response: string;
    try {
      const answer = await post(new URL(url), delivery.body, signatureHeaders(decryptSecret(secret, appSecret), delivery.body, new Date()), allowPrivate);
      status = answer.status;
      response = answer.answer;
    } catch (error) {
      response =
        error instanceof PrivateAddressError ? "Refused: the URL points to a private network address" : error instanceof Error ? error.message : String(error);
    }
    const ok = status !== null && status >= 200 && status < 300;
    const state = ok ? "delivered" : attempts >= MAX_ATTEMPTS ? "failed" : "pending";
    await db
      .update(webhookDeliveries)
      .set({ state, attempts, responseStatus: status, response, nextAttemptAt: new Date((now ?? new Date()).getTime() + FIRST_RETRY_MS * 2 ** (attempts - 1)) })
      .where(eq(webhookDeliveries.id, delivery.id));
    outcome[ok ? "delivered" : state === "failed" ? "failed" : "retrying"]++;
  }
  await pruneDeliveries(db);
  return outcome;
}

/** Keeps each hook's latest KEPT_PER_HOOK deliveries (and every one still pending). */
async function pruneDeliveries(db: Executor): Promise<void> {
  await db.execute(sql`
    DELETE FROM webhook_deliveries d USING (
      SELECT id FROM (SELECT id, state, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC) AS n FROM webhook_deliveries) ranked
      WHERE ranked.n > ${KEPT_PER_HOOK} AND ranked.state <> 'pending'
    ) old WHERE d.id = old.id`);
}

/** 'Redeliver': the same body posted again, as a new delivery of its own. */
export async function redeliver(db: Executor, deliveryId: string): Promise<boolean> {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) return false;
  await db.insert(webhookDeliveries).values({ webhookId: delivery.webhookId, event: delivery.event, body: delivery.body });
  return true;
}
