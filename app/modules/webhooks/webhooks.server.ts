import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";

import { and, asc, desc, eq, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { dueBy } from "#app/db/due.server";
import { webhookDeliveries, webhooks } from "#app/db/schema";
import type { AppServices } from "#app/platform/load-context";
import { PrivateAddressError, publicUrlProblem, requestPublic } from "#app/platform/public-network.server";
import { encryptSecret, openStoredSecret, unreadableSecret } from "#app/platform/secrets-at-rest.server";

/** Said in place of a hook's secret, and as its deliveries' answer, when this app secret cannot open it. */
export const WEBHOOK_SECRET_UNREADABLE = unreadableSecret(
  "signing secret",
  "delete this webhook and add it again, which makes a new one for the receiver",
);

import type { WebhookInput } from "./webhook.schema";
import { itemsOf, sampleOf, webhookBody } from "./webhook-bodies.server";
import { detectWebhookNews, liveIdsOf, type WebhookNews } from "./webhook-events.server";

// The owner's webhooks: each piece of news is written as one delivery per hook that asked for its event (a
// batch's news only to hooks that want a summary of imports and bulk actions), in the hook's format
// (generic JSON, Discord, Slack), then posted by a job, signed, to public addresses only; a refused or
// failed post is tried again later (30 s, doubling, 8 tries). News whose items are no longer live when it
// is posted is dropped (a batch's shrinks to those still live). The last 50 deliveries of each hook are
// kept with the receiver's status (never its body); any of them can be sent again.

export const WEBHOOK_EVENTS_JOB = "webhook-events";
export const WEBHOOK_DELIVERIES_JOB = "webhook-deliveries";
const KEPT_PER_HOOK = 50;
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const TIMEOUT_MS = 10_000;
const PRIVATE_ADDRESS_ANSWER = "Refused: the URL points to a private network address";

/** The signature headers: HMAC-SHA256 of `<timestamp>.<body>` with the hook's secret (receivers refuse old timestamps). */
export function signatureHeaders(secret: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    "X-DealDash-Timestamp": timestamp,
    "X-DealDash-Signature": `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`,
  };
}

export type SaveWebhookResult =
  { ok: true; id: string } | { ok: false; fieldErrors: Partial<Record<keyof WebhookInput, string[]>> };

/**
 * Adds a hook (`id` undefined, with a new secret) or changes one. Refused when its address is or resolves to
 * a private one: every post to it would be refused.
 */
export async function saveWebhook(
  db: Executor,
  appSecret: string,
  id: string | undefined,
  input: WebhookInput,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<SaveWebhookResult> {
  const problem = await publicUrlProblem(new URL(input.url), allowPrivate);
  if (problem) return { ok: false, fieldErrors: { url: [`Webhooks post to public addresses only: ${problem}.`] } };
  if (id === undefined) {
    const [added] = await db
      .insert(webhooks)
      .values({ ...input, secret: encryptSecret(randomBytes(24).toString("base64url"), appSecret) })
      .returning({ id: webhooks.id });
    return { ok: true, id: added!.id };
  }
  const [changed] = await db.update(webhooks).set(input).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return changed ? { ok: true, id: changed.id } : { ok: false, fieldErrors: { url: ["There is no such webhook"] } };
}

export async function deleteWebhook(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id })).length > 0;
}

/**
 * Every hook with its secret in clear (the admin copies it to the receiver; null when this app secret cannot
 * open it) and its last deliveries, newest first.
 */
export async function webhooksWithDeliveries(db: Executor, appSecret: string) {
  const hooks = await db.select().from(webhooks).orderBy(asc(webhooks.createdAt));
  // Each hook's latest few off (webhook_id, created_at): pending ones are never pruned, so a hook that is
  // down can hold many more.
  return Promise.all(
    hooks.map(async (hook) => ({
      ...hook,
      secret: openStoredSecret(hook.secret, appSecret),
      deliveries: await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.id))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(KEPT_PER_HOOK),
    })),
  );
}

/** Writes a delivery per hook that asked for each piece of news; returns how many. */
export async function queueWebhookNews(
  db: Executor,
  siteUrl: string,
  news: WebhookNews[],
  at = new Date(),
): Promise<number> {
  if (news.length === 0) return 0;
  const hooks = await db.select().from(webhooks);
  const rows: Array<typeof webhookDeliveries.$inferInsert> = [];
  for (const told of news) {
    const listening = hooks.filter(
      (hook) => hook.events.includes(told.event) && (!told.source || hook.batches === "summary"),
    );
    const items = listening.length ? await itemsOf(db, told.kind, told.ids) : [];
    if (items.length === 0) continue;
    for (const hook of listening) {
      const id = randomUUID();
      const { event, ...kept } = told;
      rows.push({
        id,
        webhookId: hook.id,
        event,
        news: kept,
        nextAttemptAt: at,
        body: webhookBody(hook.format, { id, news: told, items, siteUrl, at }),
      });
    }
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
    const news = await detectWebhookNews(tx, now);
    return { events: news.length, deliveries: await queueWebhookNews(tx, services.env.PUBLIC_URL, news, now) };
  });
}

/**
 * One signed POST; the receiver's status. Its body is not read: the log shows the status and its words
 * ("503 Service Unavailable"), never what a receiver, which may not be the owner's, chose to answer.
 */
async function post(url: URL, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<number> {
  const response = await requestPublic(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "DealDash-Webhooks/1",
      "content-length": Buffer.byteLength(body),
      ...headers,
    },
    body,
    timeoutMs: TIMEOUT_MS,
    allowPrivate,
  });
  // The status is the answer: the body is drained unread (a receiver cannot hold the run by trickling one).
  response.resume();
  response.on("error", () => response.destroy());
  return response.statusCode ?? 0;
}

/**
 * Posts delivery `deliveryId`'s `body` signed with the hook's secret, the id in `X-DealDash-Delivery` (the
 * same on every retry, for receivers to drop repeats): the receiver's status (null: no answer) and its
 * words ("Service Unavailable"), or why there was none.
 */
async function postSigned(
  url: string,
  { secret, appSecret, deliveryId }: { secret: string; appSecret: string; deliveryId: string },
  body: string,
  allowPrivate: boolean,
): Promise<{ ok: boolean; status: number | null; response: string }> {
  const key = openStoredSecret(secret, appSecret);
  if (key === null) return { ok: false, status: null, response: WEBHOOK_SECRET_UNREADABLE };
  try {
    const headers = { "X-DealDash-Delivery": deliveryId, ...signatureHeaders(key, body, new Date()) };
    const status = await post(new URL(url), body, headers, allowPrivate);
    return { ok: status >= 200 && status < 300, status, response: STATUS_CODES[status] ?? "" };
  } catch (error) {
    const response =
      error instanceof PrivateAddressError
        ? PRIVATE_ADDRESS_ANSWER
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, status: null, response };
  }
}

type DueDelivery = typeof webhookDeliveries.$inferSelect & { format: (typeof webhooks.$inferSelect)["format"] };

/**
 * The body to post now: null when none of the news' items is live any more (an ended deal's news is about
 * an item that is not). A batch whose listed items are partly gone is written again without them.
 */
async function bodyToSend(db: Executor, delivery: DueDelivery, siteUrl: string, now: Date): Promise<string | null> {
  const { news } = delivery;
  if (!news || delivery.event === "deal.expired") return delivery.body;
  const live = await liveIdsOf(db, news.kind, news.ids, now);
  if (live.size === news.ids.length) return delivery.body;
  if (live.size === 0) return null;
  const ids = news.ids.filter((id) => live.has(id));
  const told: WebhookNews = { event: delivery.event, ...news, ids, count: news.count - (news.ids.length - ids.length) };
  return webhookBody(delivery.format, {
    id: delivery.id,
    news: told,
    items: await itemsOf(db, news.kind, ids),
    siteUrl,
    at: delivery.createdAt,
  });
}

/** Posts the deliveries that are due; returns how many went through, will be tried again, were given up, and were dropped. */
export async function sendDueWebhooks(
  db: Executor,
  appSecret: string,
  { allowPrivate, siteUrl, now }: { allowPrivate: boolean; siteUrl: string; now?: Date },
) {
  const due = await db
    .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret, format: webhooks.format })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.state, "pending"), dueBy(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(100);
  const outcome = { delivered: 0, retrying: 0, failed: 0, dropped: 0 };
  for (const { delivery, url, secret, format } of due) {
    const body = await bodyToSend(db, { ...delivery, format }, siteUrl, now ?? new Date());
    if (body === null) {
      await db
        .update(webhookDeliveries)
        .set({ state: "dropped", response: "Not sent: no longer live" })
        .where(eq(webhookDeliveries.id, delivery.id));
      outcome.dropped++;
      continue;
    }
    const attempts = delivery.attempts + 1;
    const { ok, status, response } = await postSigned(
      url,
      { secret, appSecret, deliveryId: delivery.id },
      body,
      allowPrivate,
    );
    const state = ok ? "delivered" : attempts >= MAX_ATTEMPTS ? "failed" : "pending";
    await db
      .update(webhookDeliveries)
      .set({
        state,
        attempts,
        body,
        responseStatus: status,
        response,
        nextAttemptAt: new Date((now ?? new Date()).getTime() + FIRST_RETRY_MS * 2 ** (attempts - 1)),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    outcome[ok ? "delivered" : state === "failed" ? "failed" : "retrying"]++;
  }
  await pruneDeliveries(db);
  return outcome;
}

/**
 * 'Send test': posts, now, the sample of the hook's first event in its format, marked as a test, and keeps
 * the answer in its log (never tried again). Null when there is no such hook.
 */
export async function sendTestWebhook(
  db: Executor,
  appSecret: string,
  hookId: string,
  { allowPrivate, siteUrl }: { allowPrivate: boolean; siteUrl: string },
) {
  const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, hookId));
  if (!hook) return null;
  const event = hook.events[0]!;
  const id = randomUUID();
  const body = webhookBody(hook.format, { id, ...sampleOf(event), siteUrl, at: new Date(), test: true });
  const result = await postSigned(hook.url, { secret: hook.secret, appSecret, deliveryId: id }, body, allowPrivate);
  await db.insert(webhookDeliveries).values({
    id,
    webhookId: hook.id,
    event,
    body,
    test: true,
    state: result.ok ? "delivered" : "failed",
    attempts: 1,
    responseStatus: result.status,
    response: result.response,
  });
  return result;
}

/** Keeps each hook's latest KEPT_PER_HOOK deliveries (and every one still pending). */
async function pruneDeliveries(db: Executor): Promise<void> {
  await db.execute(sql`
    DELETE FROM webhook_deliveries d USING (
      SELECT id FROM (SELECT id, state, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC) AS n FROM webhook_deliveries) ranked
      WHERE ranked.n > ${KEPT_PER_HOOK} AND ranked.state <> 'pending'
    ) old WHERE d.id = old.id`);
}

/** 'Redeliver': the same body posted again (its items still live), as a new delivery of its own. */
export async function redeliver(db: Executor, deliveryId: string): Promise<boolean> {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) return false;
  await db.insert(webhookDeliveries).values({
    webhookId: delivery.webhookId,
    event: delivery.event,
    body: delivery.body,
    news: delivery.news,
    test: delivery.test,
  });
  return true;
}
