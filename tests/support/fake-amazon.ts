import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import type { AmazonCredentials } from "#app/modules/amazon/amazon-request.server";

// A local stand-in for Amazon's product APIs, speaking both protocols as documented (ADR 0006):
// the Creators API's OAuth2 token endpoint and bearer-authenticated GetItems and SearchItems, ListReports
// and GetReport (whose pre-signed file address, like S3's, works only as given and for a few minutes), and
// PA-API 5.0's SigV4-signed GetItems, whose signature it checks itself (not with the client's signer).

export interface FakeItem {
  asin: string;
  title: string;
  price: number;
  savingBasis?: number;
  /** The basis's savingBasisType: LIST_PRICE, WAS_PRICE, LOWEST_PRICE or LOWEST_PRICE_STRIKETHROUGH. */
  savingBasisType?: string;
  /** The currency of its prices (USD unless a test says otherwise). */
  currency?: string;
  image?: string;
  rating?: number;
  reviews?: number;
  /** Listed, but nobody can buy it now. */
  outOfStock?: boolean;
  prime?: boolean;
  /** Listed without any offer (no price at all). */
  noOffer?: boolean;
  /** The browse node (category) SearchItems finds it under. */
  browseNode?: string;
  /** A lightning deal's end, as dealDetails.endTime. */
  dealEndsAt?: string;
}

/** The keys the fake accepts unless a test names others: a Creators API client and a PA-API key pair. */
export const FAKE_AMAZON_KEYS = {
  clientId: "cred-id",
  clientSecret: "cred-secret",
  accessKey: "AKIAEXAMPLE",
  secretKey: "paapi-secret",
};

/** Creators API credentials the fake accepts, for a client built straight from them. */
export const FAKE_CREATORS_CREDENTIALS: AmazonCredentials = {
  api: "creators",
  accessKey: FAKE_AMAZON_KEYS.clientId,
  secretKey: FAKE_AMAZON_KEYS.clientSecret,
  associateTag: "dealdash-20",
  marketplace: "www.amazon.com",
  credentialVersion: "2.1",
};

/** A report file the account has: Amazon lists its name, checksum, size and last change. */
export interface FakeReport {
  filename: string;
  lastModified: Date;
  content: string | Buffer;
}

export interface FakeAmazonOptions extends Partial<typeof FAKE_AMAZON_KEYS> {
  items: FakeItem[];
  tokenLifetimeSeconds?: number;
  reports?: FakeReport[];
}

export interface FakeAmazon {
  url: string;
  /** Every API request (not token requests), in order, with when it arrived and what it asked. */
  requests: Array<{ path: string; at: number; asins: string[]; body: Record<string, unknown> }>;
  tokensIssued: () => number;
  /** The next N API answers are this status (429, 500…) or a delay before answering. */
  failNext(status: number, times?: number): void;
  delayNext(ms: number): void;
  /** Adds a report file, or replaces the one of its name (as Amazon rewrites a day's report). */
  putReport(report: FakeReport): void;
  /** Forget issued tokens, as if they expired early. */
  revokeTokens(): void;
  /** Drop queued failures and delays, and the request log. */
  reset(): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** Recomputes an AWS SigV4 signature from the request as received. */
function sigV4Valid(req: http.IncomingMessage, body: string, accessKey: string, secretKey: string): boolean {
  const auth = req.headers.authorization ?? "";
  const match = auth.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/,
  );
  if (!match) return false;
  const [, key, date, region, service, signedHeaders, signature] = match;
  if (key !== accessKey || service !== "ProductAdvertisingAPI") return false;
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const names = signedHeaders!.split(";");
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalRequest = [
    "POST",
    req.url?.split("?")[0] ?? "/",
    "",
    canonicalHeaders,
    signedHeaders,
    sha256(body),
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date!), region!), service!), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature!, "hex"));
}

function creatorsItem(item: FakeItem) {
  return {
    asin: item.asin,
    detailPageURL: `https://www.amazon.com/dp/${item.asin}`,
    itemInfo: { title: { displayValue: item.title }, features: { displayValues: [`${item.title} feature`] } },
    images: {
      primary: { large: { url: item.image ?? `https://m.media-amazon.com/images/I/${item.asin}.jpg` } },
      variants: [],
    },
    offersV2: {
      listings: item.noOffer
        ? []
        : [
            {
              price: {
                money: { amount: item.price, currency: item.currency ?? "USD" },
                ...(item.savingBasis
                  ? {
                      savingBasis: {
                        money: { amount: item.savingBasis, currency: item.currency ?? "USD" },
                        ...(item.savingBasisType ? { savingBasisType: item.savingBasisType } : {}),
                      },
                    }
                  : {}),
              },
              availability: item.outOfStock
                ? { message: "Currently unavailable.", type: "OUT_OF_STOCK" }
                : { message: "In Stock", type: "IN_STOCK" },
              deliveryInfo: { isPrimeEligible: item.prime === true, isFreeShippingEligible: item.prime === true },
              ...(item.dealEndsAt
                ? { dealDetails: { badge: "Limited time deal", accessType: "ALL", endTime: item.dealEndsAt } }
                : {}),
            },
          ],
    },
    ...(item.rating ? { customerReviews: { count: item.reviews ?? 0, starRating: { value: item.rating } } } : {}),
  };
}

/** PA-API's PascalCase form of the same item. */
function pascal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascal);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key === "asin" ? "ASIN" : key === "url" ? "URL" : key.charAt(0).toUpperCase() + key.slice(1),
      pascal(inner),
    ]),
  );
}

const invalid = (message: string) => [400, { errors: [{ code: "InvalidParameterValue", message }] }] as const;

/** SearchItems as documented: keywords or a browse node, filters, ten pages of ten at most. */
function searchItems(items: FakeItem[], query: Record<string, unknown>): readonly [number, unknown] {
  const page = (query.itemPage as number | undefined) ?? 1;
  const count = (query.itemCount as number | undefined) ?? 10;
  if (!Number.isInteger(page) || page < 1 || page > 10) return invalid("ItemPage must be between 1 and 10.");
  if (!Number.isInteger(count) || count < 1 || count > 10) return invalid("ItemCount must be between 1 and 10.");
  const keywords = typeof query.keywords === "string" ? query.keywords.toLowerCase().split(/\s+/) : null;
  if (!keywords && !query.browseNodeId) return invalid("Either Keywords or BrowseNodeId must be given.");
  const flags = (query.deliveryFlags as string[] | undefined) ?? [];
  const matching = items.filter((item) => {
    const saving = item.savingBasis ? Math.round((1 - item.price / item.savingBasis) * 100) : 0;
    const cents = Math.round(item.price * 100);
    return (
      (!keywords || keywords.every((word) => item.title.toLowerCase().includes(word))) &&
      (!query.browseNodeId || item.browseNode === query.browseNodeId) &&
      (!query.minSavingPercent || saving >= (query.minSavingPercent as number)) &&
      (!query.minPrice || cents >= (query.minPrice as number)) &&
      (!query.maxPrice || cents <= (query.maxPrice as number)) &&
      (!flags.includes("Prime") || item.prime === true)
    );
  });
  if (matching.length === 0) return [404, { errors: [{ code: "NoResults", message: "No results found." }] }];
  const shown = matching.slice((page - 1) * count, page * count);
  return [200, { searchResult: { totalResultCount: matching.length, items: shown.map(creatorsItem) } }];
}

export async function startFakeAmazon(given: FakeAmazonOptions): Promise<FakeAmazon> {
  const options = { ...FAKE_AMAZON_KEYS, ...given };
  const tokens = new Map<string, number>();
  let issued = 0;
  const failures: number[] = [];
  const delays: number[] = [];
  const requests: FakeAmazon["requests"] = [];
  const byAsin = new Map(options.items.map((item) => [item.asin, item]));
  const reports = new Map((options.reports ?? []).map((report) => [report.filename, report]));
  const signingKey = `fake-s3-${Math.random()}`;
  const signatureOf = (filename: string, expires: string) =>
    hmac(signingKey, `${filename}\n${expires}`).toString("hex");
  let base = "";

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", async () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const path = req.url?.split("?")[0];

      if (path === "/oauth2/token" || path === "/auth/o2/token") {
        const fields =
          path === "/oauth2/token"
            ? Object.fromEntries(new URLSearchParams(body))
            : (JSON.parse(body || "{}") as Record<string, string>);
        const scope = path === "/oauth2/token" ? "creatorsapi/default" : "creatorsapi::default";
        if (fields.grant_type !== "client_credentials" || fields.scope !== scope)
          return send(400, { error: "invalid_request" });
        if (fields.client_id !== options.clientId || fields.client_secret !== options.clientSecret)
          return send(401, { error: "invalid_client" });
        const token = `token-${++issued}`;
        const lifetime = options.tokenLifetimeSeconds ?? 3600;
        tokens.set(token, Date.now() + lifetime * 1000);
        return send(200, { access_token: token, token_type: "Bearer", expires_in: lifetime });
      }

      if (path?.startsWith("/report-files/")) {
        const query = new URL(req.url!, base).searchParams;
        const filename = decodeURIComponent(path.slice("/report-files/".length));
        const expires = query.get("X-Amz-Expires-At") ?? "";
        const signed = query.get("X-Amz-Signature") === signatureOf(filename, expires);
        const report = reports.get(filename);
        if (!signed || Number(expires) < Date.now() || !report) {
          res.writeHead(403, { "Content-Type": "application/xml" });
          return res.end("<Error><Code>AccessDenied</Code></Error>");
        }
        res.writeHead(200, { "Content-Type": "application/octet-stream" });
        return res.end(report.content);
      }

      const operations = [
        "/catalog/v1/getItems",
        "/catalog/v1/searchItems",
        "/reports/v1/listReports",
        "/reports/v1/getReport",
        "/paapi5/getitems",
      ];
      if (!path || !operations.includes(path)) return send(404, { message: "no such operation" });
      const parsed = JSON.parse(body || "{}") as Record<string, unknown> & { itemIds?: string[]; ItemIds?: string[] };
      const asins = parsed.itemIds ?? parsed.ItemIds ?? [];
      requests.push({ path, at: Date.now(), asins, body: parsed });

      if (!path.startsWith("/paapi5/")) {
        const match = (req.headers.authorization ?? "").match(/^Bearer (\S+)(?:, Version (\S+))?$/);
        const expiry = match ? tokens.get(match[1]!) : undefined;
        if (!match || expiry === undefined || expiry < Date.now())
          return send(401, { message: "The access token is missing, expired or invalid." });
        if (!req.headers["x-marketplace"]) return send(400, { message: "x-marketplace header is required" });
      } else if (!sigV4Valid(req, body, options.accessKey, options.secretKey)) {
        return send(401, {
          Errors: [
            {
              Code: "InvalidSignature",
              Message: "The request signature we calculated does not match the signature you provided.",
            },
          ],
        });
      }

      const delay = delays.shift();
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const failure = failures.shift();
      if (failure) return send(failure, { message: failure === 429 ? "TooManyRequests" : "InternalFailure" });

      if (path === "/reports/v1/listReports") {
        const listed = [...reports.values()].map((report) => ({
          filename: report.filename,
          md5: createHash("md5").update(report.content).digest("hex"),
          size: Buffer.byteLength(report.content),
          lastModified: report.lastModified.toISOString(),
        }));
        return send(200, { reports: listed });
      }
      if (path === "/reports/v1/getReport") {
        const filename = typeof parsed.filename === "string" ? parsed.filename : "";
        if (!reports.has(filename)) return send(404, { message: `No report named ${filename}` });
        const expires = String(Date.now() + 5 * 60_000);
        const query = new URLSearchParams({
          "X-Amz-Expires-At": expires,
          "X-Amz-Signature": signatureOf(filename, expires),
        });
        return send(200, { url: `${base}/report-files/${encodeURIComponent(filename)}?${query}` });
      }
      if (path === "/catalog/v1/searchItems") {
        const [status, answer] = searchItems(options.items, parsed);
        return send(status, answer);
      }
      const found = asins.map((asin) => byAsin.get(asin)).filter((item): item is FakeItem => item !== undefined);
      const missing = asins.filter((asin) => !byAsin.has(asin));
      const answer = {
        itemsResult: found.length ? { items: found.map(creatorsItem) } : undefined,
        errors: missing.length
          ? [{ code: "InvalidParameterValue", message: `The ItemId ${missing.join(",")} is not accessible.` }]
          : undefined,
      };
      return send(200, path === "/paapi5/getitems" ? pascal(answer) : answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    putReport: (report) => reports.set(report.filename, report),
    requests,
    tokensIssued: () => issued,
    failNext: (status, times = 1) => failures.push(...Array(times).fill(status)),
    delayNext: (ms) => delays.push(ms),
    revokeTokens: () => tokens.clear(),
    reset: () => {
      failures.length = 0;
      delays.length = 0;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
