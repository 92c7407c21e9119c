import { camelizeKeys } from "./amazon-product";

// What both of Amazon's protocols share: the product data asked for, one HTTP POST with a time limit, the
// errors an admin can act on, and pacing: one request per interval per account, retries with back-off.

export type AmazonApiKind = "creators" | "paapi";

export interface AmazonCredentials {
  api: AmazonApiKind;
  accessKey: string;
  secretKey: string;
  associateTag: string;
  marketplace: string;
  /** Creators API credential version, e.g. "2.1". */
  credentialVersion: string;
  /** The stored secret key could not be opened with this app secret: no call can be signed. */
  secretUnreadable?: true;
}

export type AmazonErrorKind = "bad-credentials" | "throttled" | "not-found" | "no-data" | "unavailable" | "invalid";

export class AmazonApiError extends Error {
  constructor(
    readonly kind: AmazonErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "AmazonApiError";
  }
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The product data every request asks for (the Creators API's names; PA-API's are in PascalCase). */
export const RESOURCES = [
  "itemInfo.title",
  "itemInfo.features",
  "images.primary.large",
  "images.variants.large",
  "offersV2.listings.price",
  "offersV2.listings.availability",
  "offersV2.listings.dealDetails",
  "offersV2.listings.merchantInfo",
  "customerReviews.count",
  "customerReviews.starRating",
];
// PA-API names the same resources in PascalCase.
export const PAAPI_RESOURCES = RESOURCES.map((resource) =>
  resource
    .split(".")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("."),
);

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface HttpAnswer {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

export async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new AmazonApiError(
      "unavailable",
      timedOut ? "Amazon did not answer in time. Please try again." : "Amazon could not be reached.",
    );
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    status: response.status,
    body,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  };
}

function messageOf(body: unknown): string {
  const value = camelizeKeys(body) as {
    errors?: Array<{ message?: string }>;
    message?: string;
    error_description?: string;
  } | null;
  return value?.errors?.[0]?.message ?? value?.message ?? value?.error_description ?? "";
}

/** Maps an HTTP answer to the error a shopper-facing admin can act on. */
export function errorFor(answer: HttpAnswer): AmazonApiError {
  const detail = messageOf(answer.body);
  if (answer.status === 401 || answer.status === 403) {
    return new AmazonApiError(
      "bad-credentials",
      `Amazon refused the credentials${detail ? `: ${detail}` : ""}. Check the keys and the associate tag.`,
    );
  }
  if (answer.status === 429)
    return new AmazonApiError(
      "throttled",
      "Amazon is limiting requests right now. Please wait a minute and try again.",
    );
  if (answer.status === 404) return new AmazonApiError("not-found", "Amazon has no product with that ASIN.");
  if (answer.status >= 500)
    return new AmazonApiError("unavailable", "Amazon's product service is unavailable. Please try again later.");
  return new AmazonApiError("invalid", detail || `Amazon answered with status ${answer.status}.`);
}

export interface Pacing {
  minIntervalMs: number;
  maxRetries: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  clock: Clock;
}

/** What sends an account's requests: paced, and retried on throttling and server errors. */
export type Sender = (send: () => Promise<HttpAnswer>, onUnauthorized?: () => void) => Promise<HttpAnswer>;

/**
 * An account's sender: at most one request per interval (callers queue instead of failing), throttling and
 * server errors retried with capped exponential back-off (Retry-After wins), and one retry after a 401 once
 * `onUnauthorized` has renewed what it needs (an OAuth token).
 */
export function pacedSender({ minIntervalMs, maxRetries, backoffBaseMs, backoffCapMs, clock }: Pacing): Sender {
  let queue: Promise<unknown> = Promise.resolve();
  let lastStart = 0;
  function throttled<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = lastStart + minIntervalMs - clock.now();
      if (wait > 0) await clock.sleep(wait);
      lastStart = clock.now();
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  }
  return async (send, onUnauthorized) => {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const answer = await throttled(send);
      if (answer.status === 401 && onUnauthorized && !refreshed) {
        refreshed = true;
        onUnauthorized();
        continue;
      }
      const retryable = answer.status === 429 || answer.status >= 500;
      if (!retryable || attempt >= maxRetries) return answer;
      await clock.sleep(answer.retryAfterMs ?? Math.min(backoffCapMs, backoffBaseMs * 2 ** attempt));
    }
  };
}
