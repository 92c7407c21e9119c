import { setTimeout as sleep } from "node:timers/promises";

import { discountStated, type Offer } from "../offer";
import type { ImpactSettings } from "./impact-settings";
import { batchOf, type OfferBatch, type SourceAdapter, type SourceConnection, SourceError } from "./source-adapter";
import { apiBaseOf, openSource, readJson } from "./source-http.server";
import { dateOf, objectOf, textOf, webAddressOf } from "./values";

// impact.com's Partner API. Its Deals and PromoCodes lists carry neither a landing page nor a tracking
// link, so the adapter reads what publishers' coupon tools read: the coupon ads (`GET
// /Mediapartners/{AccountSID}/Ads?Type=COUPON`), each with its deal (name, discount, dates, state), the
// deal's default promo code, the brand's landing page and the account's own tracking link. HTTP Basic with
// the SID and auth token; JSON only when asked for (`Accept`); pages followed by `@nextpageuri`; numbers
// come as strings. The coupon ads are all Impact offers the account, so a run is complete.

export const IMPACT_API = "https://api.impact.com";
const NAME = "Impact";
const PAGE_SIZE = 1000;
/** Impact publishes no limit: a page a second stays polite. */
export const IMPACT_PACE_MS = 1_000;
/** 200,000 offers at most a run. */
const MAX_PAGES = 200;

const amount = (value: unknown): number | null => {
  const number = Number(textOf(value));
  return textOf(value) && Number.isFinite(number) && number > 0 ? number : null;
};

/** The deal's discount as Impact states it, else as its words say. */
function discountOf(ad: Record<string, unknown>, words: string): Pick<Offer, "discountType" | "discountValue"> {
  const percent = (value: unknown) => {
    const figure = amount(value);
    return figure !== null && figure < 100 ? { discountType: "percentage" as const, discountValue: figure } : null;
  };
  switch (textOf(ad.DiscountType)) {
    case "PERCENT":
      return percent(ad.DiscountPercent) ?? discountStated(words);
    case "PERCENT_MAXIMUM":
      return percent(ad.DiscountMaximumPercent) ?? discountStated(words);
    case "PERCENT_RANGE":
      // "10–30% off" promises the least of the range to everyone.
      return percent(ad.DiscountPercentRangeStart) ?? discountStated(words);
    case "FIXED": {
      const figure = amount(ad.DiscountAmount);
      return figure !== null ? { discountType: "fixed", discountValue: figure } : discountStated(words);
    }
    default:
      return discountStated(words);
  }
}

/** One of Impact's coupon ads as an offer, why it cannot be one, or null when its deal is over. */
export function offerOfAd(ad: Record<string, unknown>, now = new Date()): Offer | string | null {
  const id = textOf(ad.Id);
  if (!id) return "An ad without an id";
  const endsAt = dateOf(ad.DealEndDate) ?? dateOf(ad.EndDate);
  if (textOf(ad.DealState) === "EXPIRED" || (endsAt && endsAt <= now)) return null;
  const title = (textOf(ad.DealName) || textOf(ad.Name)).slice(0, 200);
  if (!title) return `Ad ${id}: no title`;
  const affiliateUrl = webAddressOf(ad.TrackingLink);
  const url = webAddressOf(ad.LandingPageUrl) ?? affiliateUrl;
  if (!url) return `Ad ${id}: no web address`;
  const description = (textOf(ad.DealDescription) || textOf(ad.Description)).slice(0, 2000) || null;
  return {
    externalId: id,
    kind: "coupon",
    url,
    title,
    description,
    affiliateUrl,
    couponCode: textOf(ad.DealDefaultPromoCode).slice(0, 64) || null,
    ...discountOf(ad, `${title} ${description ?? ""}`),
    startsAt: dateOf(ad.DealStartDate) ?? dateOf(ad.StartDate),
    endsAt,
    merchant: textOf(ad.AdvertiserName) || textOf(ad.CampaignName) || null,
  };
}

/** HTTP Basic with the account SID and its auth token, as every Partner API request carries. */
export const impactAuthorization = (accountSid: string, token: string) =>
  `Basic ${Buffer.from(`${accountSid}:${token}`).toString("base64")}`;

/** The next page's address: Impact gives it as a path on its own host, empty after the last page. */
export function impactNextPage(base: string, answer: Record<string, unknown>): string | null {
  const next = textOf(answer["@nextpageuri"]);
  if (!next) return null;
  const url = new URL(next, base);
  // Only ever Impact's own host: a page address elsewhere would carry the credentials away.
  return `${base}${url.pathname}${url.search}`;
}

async function* readImpact(settings: ImpactSettings, connection: SourceConnection): AsyncGenerator<OfferBatch> {
  const token = connection.secret;
  if (!token) throw new SourceError("Impact needs your auth token: add it to the source", "credentials");
  const base = apiBaseOf(connection, IMPACT_API);
  const query = new URLSearchParams({ Type: "COUPON", PageSize: String(PAGE_SIZE) });
  if (settings.campaignId) query.set("CampaignId", settings.campaignId);
  let address: string | null = `${base}/Mediapartners/${settings.accountSid}/Ads?${query}`;
  const authorization = impactAuthorization(settings.accountSid, token);
  for (let page = 1; address; page++) {
    if (page > MAX_PAGES)
      // Unread offers would be taken for ended ones: the run stops rather than say the list is whole.
      throw new SourceError(
        `Impact lists more than ${MAX_PAGES * PAGE_SIZE} offers: choose one program for this source`,
        "bad-feed",
      );
    if (page > 1) await sleep(connection.paceMs ?? IMPACT_PACE_MS);
    const response = await openSource(address, connection, {
      name: NAME,
      headers: { authorization, accept: "application/json" },
    });
    const answer = objectOf(await readJson(response, NAME));
    if (!Array.isArray(answer.Ads)) throw new SourceError("Impact answered without a list of ads", "bad-feed");
    yield batchOf(
      answer.Ads.map(objectOf),
      (ad) => offerOfAd(ad),
      (ad) => textOf(ad.Id),
    );
    address = impactNextPage(base, answer);
  }
}

export const impactAdapter: SourceAdapter<ImpactSettings> = { complete: true, read: readImpact };
