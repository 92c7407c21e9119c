import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Awin's Offers API as its documentation describes it: POST
// /publisher/{publisherId}/promotions, the token as `accessToken` and as a bearer token, filters and pages
// in the JSON body, `{ data: [...], pagination }` back; 401 for a wrong token, 429 while `busy`.

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

export interface FakeAwin {
  url: string;
  /** What Awin lists now: change it between runs. */
  offers: unknown[];
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
      if (request.method !== "POST" || url.pathname !== `/publisher/${FAKE_AWIN.publisherId}/promotions`)
        return json(404, { error: "Not found" });
      const token = FAKE_AWIN.token;
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
    busy: false,
    bodies: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
