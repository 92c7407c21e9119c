import type { Executor } from "#app/db/client.server";
import type { ChangeBatchSource, WebhookEvent, WebhookFormat } from "#app/db/schema";
import { webhookEventInfo, webhookEvents } from "#app/lib/webhook-kinds";
import type { Teaser } from "#app/modules/content-types/teaser";
import { readTeasers } from "#app/modules/content-types/teasers.server";

import { watchedFace, type WatchedKind, type WebhookNews } from "./webhook-events.server";

// What a hook is posted: a piece of news (one item's event, or a batch's count with its first items) in the
// hook's format. Generic JSON carries the delivery's id (the same on every retry and redelivery, so a
// receiver can drop repeats); Discord and Slack get a line a person reads. Links go to DealDash's pages,
// never to affiliate URLs, and an Amazon price is left out (the type's teaser).

/** An item named in news: its kind and its teaser. */
export interface EventItem extends Teaser {
  kind: WatchedKind;
}

interface EventWords {
  /** A line's start for one item: "New deal". */
  one: string;
  /** A batch's count: "12 new deals". */
  many: (count: number) => string;
}

const eventWords: Record<WebhookEvent, EventWords> = {
  "deal.published": {
    one: "New deal",
    many: (n) => `${n} new ${n === 1 ? "deal" : "deals"}`,
  },
  "deal.updated": {
    one: "Deal updated",
    many: (n) => `${n} ${n === 1 ? "deal" : "deals"} updated`,
  },
  "deal.expired": {
    one: "Deal ended",
    many: (n) => `${n} ${n === 1 ? "deal" : "deals"} ended`,
  },
  "coupon.published": {
    one: "New coupon",
    many: (n) => `${n} new ${n === 1 ? "coupon" : "coupons"}`,
  },
  "guide.published": {
    one: "New buying guide",
    many: (n) => `${n} new buying ${n === 1 ? "guide" : "guides"}`,
  },
};

const sourceWords: Record<ChangeBatchSource, string> = { import: "from a CSV import", bulk: "from a bulk action" };

/** Where a batch's "and N more" points: the kind's public list. */
const listPaths: Record<WatchedKind, string> = { deal: "/deal-dashes", coupon: "/coupons", guide: "/buying-guides" };

/** The items `ids` name, as outsiders see them, in the order given (ids no longer stored are left out). */
export async function itemsOf(db: Executor, kind: WatchedKind, ids: string[]): Promise<EventItem[]> {
  return (await readTeasers(db, watchedFace(kind), ids)).map((teaser) => ({ kind, ...teaser }));
}

export interface BodyOf {
  /** The delivery's id: the same on every retry and redelivery. */
  id: string;
  news: WebhookNews;
  items: EventItem[];
  siteUrl: string;
  at: Date;
  /** A 'Send test' post, marked as one. */
  test?: boolean;
}

/** Discord refuses a message over 2,000 characters. */
const DISCORD_LIMIT = 2_000;
const TITLE_LIMIT = 90;
const shortTitle = (title: string) => (title.length > TITLE_LIMIT ? `${title.slice(0, TITLE_LIMIT - 1)}…` : title);
const withSummary = (text: string, item: EventItem) => (item.summary ? `${text} (${item.summary})` : text);

/** The lines a person reads: a heading, then a line per item (Discord and Slack). */
function readableLines({ news, items, siteUrl, test }: BodyOf, link: (item: EventItem) => string): string[] {
  const words = eventWords[news.event];
  const prefix = test ? "Test from DealDash: " : "";
  if (!news.source) {
    const item = items[0]!;
    return [`${prefix}${words.one}: ${withSummary(link(item), item)}`];
  }
  const more = news.count - items.length;
  return [
    `${prefix}${words.many(news.count)} ${sourceWords[news.source]}:`,
    ...items.map((item) => `• ${withSummary(link(item), item)}`),
    ...(more > 0 ? [`…and ${more} more: ${siteUrl}${listPaths[news.kind]}`] : []),
  ];
}

/** The body a hook of `format` is posted. */
export function webhookBody(format: WebhookFormat, body: BodyOf): string {
  const { id, news, items, siteUrl, at, test } = body;
  const url = (item: EventItem) => siteUrl + item.path;
  if (format === "discord") {
    const single = !news.source;
    const lines = readableLines(body, (item) =>
      single ? shortTitle(item.title) : `${shortTitle(item.title)} <${url(item)}>`,
    );
    if (single) lines.push(url(items[0]!));
    let content = "";
    for (const line of lines)
      if (content.length + line.length + 1 <= DISCORD_LIMIT) content += (content ? "\n" : "") + line;
    return JSON.stringify({ username: "DealDash", content });
  }
  if (format === "slack")
    return JSON.stringify({ text: readableLines(body, (item) => `<${url(item)}|${item.title}>`).join("\n") });
  const described = (item: EventItem) => ({
    kind: item.kind,
    id: item.id,
    title: item.title,
    url: url(item),
    summary: item.summary,
  });
  return JSON.stringify({
    id,
    event: news.event,
    occurredAt: at.toISOString(),
    ...(test ? { test: true } : {}),
    ...(news.source
      ? { source: news.source, count: news.count, items: items.map(described) }
      : { item: described(items[0]!) }),
  });
}

const sampleItems: Record<WatchedKind, EventItem[]> = {
  deal: [
    {
      kind: "deal",
      id: "3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b41",
      title: "Noise-cancelling headphones",
      path: "/deals/noise-cancelling-headphones",
      summary: "$199.99 at Best Buy",
      image: null,
    },
    {
      kind: "deal",
      id: "7a2e4c1d-5b3f-4e8a-a6d2-9c0b1e3f5a72",
      title: "Robot vacuum with self-empty base",
      path: "/deals/robot-vacuum",
      summary: "$279.99 at Target",
      image: null,
    },
  ],
  coupon: [
    {
      kind: "coupon",
      id: "5d8b0e2a-1c4f-4a7b-8e3d-6f9a2c5b1d03",
      title: "20% off sitewide",
      path: "/stores/target#coupon-5d8b0e2a-1c4f-4a7b-8e3d-6f9a2c5b1d03",
      summary: "20% OFF at Target",
      image: null,
    },
  ],
  guide: [
    {
      kind: "guide",
      id: "9e3a6c2f-4d1b-4b8e-b5a7-0c2d4f6e8a15",
      title: "Best air fryers of the year",
      path: "/buying-guides/best-air-fryers",
      summary: "What to look for in an air fryer, and the five we would buy.",
      image: null,
    },
  ],
};

const kindOf = (event: WebhookEvent) => event.split(".")[0] as WatchedKind;
const SAMPLE_ID = "0b6f3e2d-9a1c-4e5b-8d7f-1a2b3c4d5e6f";
const SAMPLE_TIME = new Date("2026-11-20T14:30:00Z");

/** A single item's news for `event`, with sample items (the catalogue's samples and 'Send test'). */
export function sampleOf(event: WebhookEvent): { news: WebhookNews; items: EventItem[] } {
  const item = sampleItems[kindOf(event)][0]!;
  return { news: { event, kind: item.kind, ids: [item.id], count: 1 }, items: [item] };
}

/** Every event with its words and the generic JSON body of one item's news and of a batch's. */
export function eventCatalogue(siteUrl: string) {
  return webhookEvents.map((event) => {
    const items = sampleItems[kindOf(event)];
    const batch: WebhookNews = {
      event,
      kind: kindOf(event),
      ids: items.map((item) => item.id),
      count: 12,
      source: "import",
    };
    const pretty = (body: string) => JSON.stringify(JSON.parse(body), null, 2);
    return {
      event,
      ...webhookEventInfo[event],
      single: pretty(webhookBody("json", { id: SAMPLE_ID, ...sampleOf(event), siteUrl, at: SAMPLE_TIME })),
      batch: pretty(webhookBody("json", { id: SAMPLE_ID, news: batch, items, siteUrl, at: SAMPLE_TIME })),
    };
  });
}
