import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Awin's publisher APIs as their documentation describes them:
// - Offers: POST /publisher/{publisherId}/promotions, the token as `accessToken` and as a bearer token,
//   filters and pages in the JSON body, `{ data: [...], pagination }` back;
// - Transactions: GET /publishers/{publisherId}/transactions/?startDate&endDate&timezone=UTC&dateType=
//   transaction (local times to the second, at most 31 days apart, else 400), a bearer token, a JSON array
//   of the transactions dated in the range back.
// 401 for a wrong token, 429 while `busy`.

export const FAKE_AWIN = { token: "awin-token-1234567890", publisherId: "123456" };

/** One of Awin's promotions: a voucher with a code (odd `n`) or a promotion without one (even `n`). */
export const awinPromotion = (n: number, values: Record<string, unknown> = {}) => ({
  promotionId: 1000 + n,
  type: n % 2 ? "voucher" : "promotion",
  advertiser: { id: 77, name: "Shop One", joined: true },
  title: `${10 + (n % 40)}% off offer ${n}`,
  description: "On everything",
  terms: "Minimum spend applies.",
  startDate: "2026-11-01T00:00:00+00:00",
  endDate: "2026-12-31T23:59:00+00:00",
  url: `https://shop-one.example/sale/${n}`,
  urlTracking: `https://www.awin1.com/cread.php?awinmid=77&awinaffid=${FAKE_AWIN.publisherId}&ued=https%3A%2F%2Fshop-one.example%2Fsale%2F${n}`,
  dateAdded: "2026-11-01T00:00:00+00:00",
  campaign: "",
  regions: { all: true },
  ...(n % 2 ? { voucher: { code: `SAVE${n}`, exclusive: false, attributable: true } } : {}),
  ...values,
});

/** One of Awin's transactions, as its transactions API reports it. */
export const awinTransaction = (n: number, values: Record<string, unknown> = {}) => ({
  id: 1_591_984_000 + n,
  url: "https://dealdash.example",
  advertiserId: 77,
  publisherId: Number(FAKE_AWIN.publisherId),
  siteName: "DealDash",
  commissionStatus: "pending",
  commissionAmount: { amount: 4.26, currency: "EUR" },
  saleAmount: { amount: 85.2, currency: "EUR" },
  clickRefs: { clickRef: `ref-${n}` },
  clickDate: "2026-11-20T09:55:00",
  transactionDate: "2026-11-20T10:02:00",
  validationDate: null,
  type: "Commission group transaction",
  paidToPublisher: false,
  ...values,
});

const AWIN_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export interface FakeAwin {
  url: string;
  /** What Awin lists now: change it between runs. */
  offers: unknown[];
  /** The transactions Awin reports, each in the ranges that hold its `transactionDate`. */
  transactions: Array<ReturnType<typeof awinTransaction>>;
  /** Each transactions request's query, in order. */
  transactionQueries: URLSearchParams[];
  /** Answer 429 (Retry-After: 60) while set. */
  busy: boolean;
  /** Each accepted request's body, in order. */
  bodies: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFakeAwin(offers: unknown[] = []): Promise<FakeAwin> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      const token = FAKE_AWIN.token;
      if (request.method === "GET" && url.pathname === `/publishers/${FAKE_AWIN.publisherId}/transactions/`) {
        if (request.headers.authorization !== `Bearer ${token}`) return json(401, { error: "Unauthorized" });
        if (fake.busy) return void response.writeHead(429, { "retry-after": "60" }).end();
        const [start, end] = [url.searchParams.get("startDate") ?? "", url.searchParams.get("endDate") ?? ""];
        const days = (Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 86_400_000;
        if (!AWIN_DATE.test(start) || !AWIN_DATE.test(end) || !(days >= 0 && days <= 31))
          return json(400, { error: "startDate and endDate must be at most 31 days apart" });
        fake.transactionQueries.push(url.searchParams);
        return json(
          200,
          fake.transactions.filter((item) => item.transactionDate >= start && item.transactionDate <= end),
        );
      }
      if (request.method !== "POST" || url.pathname !== `/publisher/${FAKE_AWIN.publisherId}/promotions`)
        return json(404, { error: "Not found" });
      if (url.searchParams.get("accessToken") !== token || request.headers.authorization !== `Bearer ${token}`)
        return json(401, { error: "Unauthorized" });
      if (fake.busy) return void response.writeHead(429, { "retry-after": "60" }).end();
      const parsed = JSON.parse(body) as { pagination: { page: number; pageSize: number } };
      fake.bodies.push(parsed);
      const { page, pageSize } = parsed.pagination;
      json(200, {
        data: fake.offers.slice((page - 1) * pageSize, page * pageSize),
        pagination: { page, pageSize, total: fake.offers.length },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake: FakeAwin = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    offers,
    transactions: [],
    transactionQueries: [],
    busy: false,
    bodies: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
