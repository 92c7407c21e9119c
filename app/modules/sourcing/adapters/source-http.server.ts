import type { IncomingMessage } from "node:http";
import { STATUS_CODES } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import { PrivateAddressError, requestPublic } from "#app/platform/public-network.server";

import { retryAfterMs, type SourceConnection, SourceError } from "./source-adapter";

// A source's requests: only to public addresses (a feed's address is the owner's to give), redirects
// followed by hand, and every refusal turned into a SourceError the sourcing page can show.

const MAX_REDIRECTS = 5;

/** A network API's origin for this connection: its own, or a test's fake (without a trailing slash). */
export const apiBaseOf = (connection: SourceConnection, origin: string): string =>
  (connection.endpointOverride ?? origin).replace(/\/+$/, "");

/**
 * A run's pace for one network: call it before each request, and every call but the first waits the
 * network's least time between requests (the connection's, when a test says 0).
 */
export function pacerFor(connection: SourceConnection, paceMs: number): () => Promise<void> {
  let requests = 0;
  return async () => {
    if (requests++ > 0) await sleep(connection.paceMs ?? paceMs);
  };
}

export interface SourceRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** What the service is called in messages: "The feed", "Awin". */
  name: string;
}

function networkError(error: unknown, name: string): SourceError {
  if (error instanceof PrivateAddressError)
    return new SourceError(`${name}'s address points to a private network address`, "unreachable");
  const code = (error as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new SourceError(`${name}'s address does not resolve`, "unreachable");
  if (code === "TIMEOUT") return new SourceError(`${name} did not answer in time`, "unreachable");
  return new SourceError(`${name} could not be reached`, "unreachable");
}

/** The answer to a request, its body unread, once it is a success: any refusal is a SourceError. */
export async function openSource(
  address: string,
  connection: SourceConnection,
  request: SourceRequest,
): Promise<IncomingMessage> {
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    let response: IncomingMessage;
    try {
      response = await requestPublic(url, {
        method: request.method ?? "GET",
        headers: { "user-agent": "DealDash-Sourcing/1", accept: "*/*", ...request.headers },
        body: request.body,
        timeoutMs: connection.timeoutMs,
        allowPrivate: connection.allowPrivate,
      });
    } catch (error) {
      throw networkError(error, request.name);
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location && hop < MAX_REDIRECTS && !request.body) {
      response.destroy();
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status >= 200 && status < 300) return response;
    response.destroy();
    const words = `${status} ${STATUS_CODES[status] ?? ""}`.trim();
    if (status === 401 || status === 403)
      throw new SourceError(`${request.name} refused the credentials (${words}): check them`, "credentials");
    if (status === 429)
      throw new SourceError(
        `${request.name} asked us to slow down (${words})`,
        "rate-limited",
        retryAfterMs(response.headers["retry-after"]),
      );
    throw new SourceError(`${request.name} answered ${words}`, "unreachable");
  }
}

/** A whole answer's bytes, at most `maxBytes`; more is a SourceError. */
export async function readBytes(response: IncomingMessage, name: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new SourceError(`${name} answered with more than ${maxBytes / 1024 / 1024} MB`, "bad-feed");
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A whole answer as JSON (a network API's page), at most `maxBytes`; anything else is a SourceError. */
export async function readJson(response: IncomingMessage, name: string, maxBytes = 20 * 1024 * 1024): Promise<unknown> {
  const bytes = await readBytes(response, name, maxBytes);
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new SourceError(`${name} answered with something that is not JSON`, "bad-feed");
  }
}
