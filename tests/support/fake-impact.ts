import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for impact.com's Partner API as its reference describes it: GET
// /Mediapartners/{AccountSID}/Ads (coupon ads) and /Actions (sales and leads, by ActionDateStart and
// ActionDateEnd) with HTTP Basic (SID:token), XML unless JSON is asked for, filters and pages in the query,
// `{ "@page", "@numpages", "@nextpageuri", Ads | Actions: [...] }` back with numbers as strings; 401 for a
// wrong token, 429 while `busy`.

export const FAKE_IMPACT = { accountSid: "IRfakeAccount1234567890", token: "impact-token-1234567890" };

/** One of Impact's coupon ads: a percentage deal with a promo code (odd `n`) or a fixed one without. */
export const impactAd = (n: number, values: Record<string, unknown> = {}) => ({
  Id: String(5000 + n),
  Name: `Coupon ad ${n}`,
  Description: "",
  CampaignId: "27154",
  CampaignName: "Shop One US",
  Type: "COUPON",
  TrackingLink: `https://shop-one.pxf.io/c/1924609/${5000 + n}/27154`,
  LandingPageUrl: `https://shop-one.example/deals/${n}`,
  AdvertiserId: "1804207",
  AdvertiserName: "Shop One",
  DealId: String(90000 + n),
  DealName: `Deal ${n}`,
  DealDescription: `Offer ${n} on everything`,
  DealState: "ACTIVE",
  DealType: "GENERAL_SALE",
  DealScope: "ENTIRE_STORE",
  ...(n % 2
    ? { DiscountType: "PERCENT", DiscountPercent: String(10 + (n % 40)), DealDefaultPromoCode: `IMPACT${n}` }
    : { DiscountType: "FIXED", DiscountAmount: "15.00", DiscountCurrency: "USD", DealDefaultPromoCode: "" }),
  DealStartDate: "2026-11-01T00:00:00-08:00",
  DealEndDate: "2027-01-31T23:59:59-08:00",
  Uri: `/Mediapartners/${FAKE_IMPACT.accountSid}/Ads/${5000 + n}`,
  ...values,
});

/** One of Impact's actions: a pending sale of $120 paying $6, tracked with SubId1 `ref-n` unless given. */
export const impactAction = (n: number, values: Record<string, unknown> = {}) => ({
  Id: `1000.${4000 + n}.${7000 + n}`,
  CampaignId: "27154",
  CampaignName: "Shop One US",
  ActionTrackerId: "31010",
  ActionTrackerName: "Online Sale",
  State: "PENDING",
  AdId: "5001",
  Payout: "6.00",
  DeltaPayout: "6.00",
  Amount: "120.00",
  DeltaAmount: "120.00",
  Currency: "USD",
  ReferringDate: "2026-11-20T09:55:00-08:00",
  EventDate: "2026-11-20T10:02:00-08:00",
  CreationDate: "2026-11-20T10:05:00-08:00",
  LockingDate: "2026-12-31T00:00:00-08:00",
  ClearedDate: "",
  ReferringType: "CLICK_COOKIE",
  SubId1: `ref-${n}`,
  SubId2: "",
  SubId3: "",
  Uri: `/Mediapartners/${FAKE_IMPACT.accountSid}/Actions/1000.${4000 + n}.${7000 + n}`,
  ...values,
});

export interface FakeImpact {
  url: string;
  /** The coupon ads Impact lists now: change it between runs. */
  ads: unknown[];
  /** The actions Impact reports, each in the ranges that hold its EventDate. */
  actions: Array<ReturnType<typeof impactAction>>;
  /** Answer 429 (Retry-After: 120) while set. */
  busy: boolean;
  /** Each accepted request's query, in order. */
  queries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startFakeImpact(ads: unknown[] = []): Promise<FakeImpact> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    const list = url.pathname.slice(`/Mediapartners/${FAKE_IMPACT.accountSid}/`.length);
    if (request.method !== "GET" || !url.pathname.startsWith("/Mediapartners/") || !["Ads", "Actions"].includes(list))
      return json(404, { Status: "ERROR", Message: "Not found" });
    const basic = Buffer.from(`${FAKE_IMPACT.accountSid}:${FAKE_IMPACT.token}`).toString("base64");
    if (request.headers.authorization !== `Basic ${basic}`)
      return json(401, { Status: "ERROR", Message: "Authentication failed" });
    if (fake.busy) return void response.writeHead(429, { "retry-after": "120" }).end();
    if (!String(request.headers.accept ?? "").includes("application/json"))
      return void response
        .writeHead(200, { "content-type": "application/xml" })
        .end(`<?xml version="1.0"?><ImpactRadiusResponse><${list}/></ImpactRadiusResponse>`);
    fake.queries.push(url.searchParams);
    let listed: Array<Record<string, unknown>>;
    if (list === "Ads") {
      const type = url.searchParams.get("Type");
      const program = url.searchParams.get("CampaignId");
      listed = (fake.ads as Array<Record<string, unknown>>).filter(
        (ad) => (!type || ad.Type === type) && (!program || ad.CampaignId === program),
      );
    } else {
      const [start, end] = ["ActionDateStart", "ActionDateEnd"].map((name) =>
        Date.parse(url.searchParams.get(name) ?? ""),
      );
      if (!(end! >= start!))
        return json(400, { Status: "ERROR", Message: "ActionDateStart and ActionDateEnd are required" });
      listed = fake.actions.filter((action) => {
        const at = Date.parse(action.EventDate);
        return at >= start! && at <= end!;
      });
    }
    const size = Number(url.searchParams.get("PageSize") ?? 100);
    const page = Number(url.searchParams.get("Page") ?? 1);
    const pages = Math.max(1, Math.ceil(listed.length / size));
    const next = new URLSearchParams(url.searchParams);
    next.set("Page", String(page + 1));
    json(200, {
      "@page": String(page),
      "@numpages": String(pages),
      "@pagesize": String(size),
      "@total": String(listed.length),
      "@nextpageuri": page < pages ? `${url.pathname}?${next}` : "",
      [list]: listed.slice((page - 1) * size, page * size),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake: FakeImpact = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ads,
    actions: [],
    busy: false,
    queries: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
