import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for CJ's Commission Detail API as its schema describes it: GraphQL at POST /query with a
// personal access token as a bearer token. `publisherCommissions(forPublishers, sincePostingDate,
// beforePostingDate, sinceCommissionId)` answers the commissions posted in the range (at most 31 days, else
// a GraphQL error), `pageSize` at a time in commission id order, with `payloadComplete` and
// `maxCommissionId` to go on from. 401 for a wrong token, 429 while `busy`.

export const FAKE_CJ = { token: "cj-personal-token-1234567890", companyId: "7654321" };

/** One of CJ's commissions: a new sale of $80 paying $4.80, its shopper id `ref-n` unless given. */
export const cjCommission = (n: number, values: Record<string, unknown> = {}) => ({
  commissionId: String(3_000_000_000 + n),
  actionStatus: "new",
  actionType: "sim_sale",
  validationStatus: "AUTOMATED",
  original: true,
  originalActionId: String(2_000_000_000 + n),
  advertiserId: "1234567",
  advertiserName: "Shop One",
  pubCommissionAmountUsd: "4.80",
  pubCommissionAmountPubCurrency: "4.80",
  saleAmountUsd: "80.00",
  eventDate: "2026-11-20T18:02:00Z",
  postingDate: "2026-11-20T19:00:00Z",
  clickDate: "2026-11-20T17:55:00Z",
  lockingDate: "2026-12-11T10:00:00Z",
  shopperId: `ref-${n}`,
  ...values,
});

export interface FakeCj {
  url: string;
  commissions: Array<ReturnType<typeof cjCommission>>;
  /** How many commissions one answer holds. */
  pageSize: number;
  /** Each accepted request's GraphQL variables, in order. */
  requests: Array<Record<string, unknown>>;
  busy: boolean;
  close(): Promise<void>;
}

export async function startFakeCj(): Promise<FakeCj> {
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      const graphQlError = (message: string) => json(200, { data: null, errors: [{ message }] });
      if (request.method !== "POST" || request.url !== "/query") return json(404, { error: "Not found" });
      if (request.headers.authorization !== `Bearer ${FAKE_CJ.token}`) return json(401, { error: "Unauthorized" });
      if (fake.busy) return void response.writeHead(429, { "retry-after": "60" }).end();
      const { query, variables = {} } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
      if (!/publisherCommissions\s*\(/.test(query) || !/records\s*\{/.test(query))
        return graphQlError("Validation error: expected publisherCommissions { records }");
      const publishers = variables.publishers as string[] | undefined;
      if (!publishers?.includes(FAKE_CJ.companyId)) return graphQlError("Not authorized for this publisher");
      const since = Date.parse(String(variables.since));
      const before = Date.parse(String(variables.before));
      if (!(before > since) || before - since > 31 * 86_400_000)
        return graphQlError("The date range may not exceed 31 days");
      fake.requests.push(variables);
      const after = variables.after ? String(variables.after) : "";
      const posted = fake.commissions
        .filter((record) => {
          const at = Date.parse(record.postingDate);
          return at >= since && at < before && record.commissionId > after;
        })
        .sort((a, b) => (a.commissionId < b.commissionId ? -1 : 1));
      const records = posted.slice(0, fake.pageSize);
      json(200, {
        data: {
          publisherCommissions: {
            count: records.length,
            limit: fake.pageSize,
            payloadComplete: posted.length <= fake.pageSize,
            maxCommissionId: records.at(-1)?.commissionId ?? null,
            records,
          },
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake: FakeCj = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    commissions: [],
    pageSize: 10_000,
    requests: [],
    busy: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
