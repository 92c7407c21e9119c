import { setTimeout as sleep } from "node:timers/promises";

import { discountStated, type Offer } from "../offer";
import type { AwinSettings } from "./awin-settings";
import { batchOf, type OfferBatch, type SourceAdapter, type SourceConnection, SourceError } from "./source-adapter";
import { apiBaseOf, openSource, readJson } from "./source-http.server";
import { dateOf, objectOf, textOf, webAddressOf } from "./values";

// Awin's Offers API: `POST /publisher/{publisherId}/promotions` with the token as `accessToken` and as a
// bearer token, filters (membership, status, type, regions) and pages of up to 200. The active offers it
// lists are all it has, so an offer it stops listing has ended (suspended, expired or withdrawn).

export const AWIN_API = "https://api.awin.com";
const NAME = "Awin";
const PAGE_SIZE = 200;
/** Awin allows about 20 calls a minute: one page every 3.1 seconds keeps under it. */
export const AWIN_PACE_MS = 3_100;
/** 100,000 offers: a run reads at most this many pages (27 minutes at Awin's pace, inside a run's lease). */
const MAX_PAGES = 500;

/** One of Awin's promotions as an offer (a coupon, with or without a code), or why it cannot be one. */
export function offerOfPromotion(item: Record<string, unknown>): Offer | string {
  const id = textOf(item.promotionId);
  const title = textOf(item.title).slice(0, 200);
  if (!id) return "An offer without a promotion id";
  if (!title) return `Offer ${id}: no title`;
  const url = webAddressOf(item.url) ?? webAddressOf(item.urlTracking);
  if (!url) return `Offer ${id}: no web address`;
  const description = [textOf(item.description), textOf(item.terms)].filter(Boolean).join(" ").slice(0, 2000) || null;
  const code = textOf(objectOf(item.voucher).code).slice(0, 64) || null;
  return {
    externalId: id,
    kind: "coupon",
    url,
    title,
    description,
    affiliateUrl: webAddressOf(item.urlTracking),
    couponCode: code,
    ...discountStated(`${title} ${textOf(item.description)}`),
    startsAt: dateOf(item.startDate),
    endsAt: dateOf(item.endDate),
    merchant: textOf(objectOf(item.advertiser).name) || null,
  };
}

function requestBody(settings: AwinSettings, page: number): string {
  const regionCodes = settings.regionCodes
    ?.split(",")
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return JSON.stringify({
    filters: {
      membership: settings.membership,
      status: "active",
      type: settings.type,
      ...(regionCodes?.length ? { regionCodes } : {}),
    },
    pagination: { page, pageSize: PAGE_SIZE },
  });
}

async function* readAwin(settings: AwinSettings, connection: SourceConnection): AsyncGenerator<OfferBatch> {
  const token = connection.secret;
  if (!token) throw new SourceError("Awin needs your API token: add it to the source", "credentials");
  const base = apiBaseOf(connection, AWIN_API);
  const address = `${base}/publisher/${settings.publisherId}/promotions?accessToken=${encodeURIComponent(token)}`;
  for (let page = 1; page <= MAX_PAGES; page++) {
    if (page > 1) await sleep(connection.paceMs ?? AWIN_PACE_MS);
    const response = await openSource(address, connection, {
      method: "POST",
      name: NAME,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: requestBody(settings, page),
    });
    const answer = objectOf(await readJson(response, NAME));
    if (!Array.isArray(answer.data)) throw new SourceError("Awin answered without a list of offers", "bad-feed");
    yield batchOf(answer.data.map(objectOf), offerOfPromotion, (item) => textOf(item.promotionId));
    if (answer.data.length < PAGE_SIZE) return;
  }
  // Unread offers would be taken for ended ones: the run stops rather than say the list is whole.
  throw new SourceError(
    `Awin lists more than ${MAX_PAGES * PAGE_SIZE} offers: narrow the source's filters`,
    "bad-feed",
  );
}

export const awinAdapter: SourceAdapter<AwinSettings> = { complete: true, read: readAwin };
