import {
  AmazonApiError,
  type AmazonCredentials,
  errorFor,
  post,
  RESOURCES,
  type Sender,
} from "./amazon-request.server";
import { CREATORS_API_BASE, CREATORS_TOKEN_ENDPOINTS } from "./marketplaces";

// The Creators API (the default): OAuth2 client credentials, then GetItems and SearchItems with a bearer
// token. Protocol notes and sources: ADR 0006.

/** Creators API OAuth tokens, cached until shortly before they expire; one refresh at a time. */
class TokenCache {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly credentials: AmazonCredentials,
    private readonly tokenUrl: string,
    private readonly timeoutMs: number,
  ) {}

  invalidate() {
    this.token = null;
  }

  async get(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => (this.pending = null));
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const lwa = this.credentials.credentialVersion.startsWith("3.");
    const fields = {
      grant_type: "client_credentials",
      client_id: this.credentials.accessKey,
      client_secret: this.credentials.secretKey,
      scope: lwa ? "creatorsapi::default" : "creatorsapi/default",
    };
    const answer = await post(
      this.tokenUrl,
      lwa
        ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }
        : {
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields).toString(),
          },
      this.timeoutMs,
    );
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !body?.access_token) {
      throw answer.status >= 500
        ? errorFor(answer)
        : new AmazonApiError("bad-credentials", "Amazon refused the credential ID or secret.");
    }
    const lifetime = (body.expires_in ?? 3600) * 1000;
    // Refresh a little early so a token never expires in flight.
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetime - Math.min(30_000, lifetime / 2) };
    return body.access_token;
  }
}

/** The catalogue operations the site asks for, by their path under /catalog/v1. */
export type CreatorsOperation = "getItems" | "searchItems";

/**
 * An account's Creators API calls: the operation's own fields, plus the partner tag and the resources every
 * request asks for; the raw answer.
 */
export function creatorsCatalog(
  credentials: AmazonCredentials,
  { override, timeoutMs, send }: { override: string | undefined; timeoutMs: number; send: Sender },
): (operation: CreatorsOperation, fields: Record<string, unknown>) => Promise<unknown> {
  const tokens = new TokenCache(
    credentials,
    override
      ? `${override}${credentials.credentialVersion.startsWith("3.") ? "/auth/o2/token" : "/oauth2/token"}`
      : (CREATORS_TOKEN_ENDPOINTS[credentials.credentialVersion] ?? ""),
    timeoutMs,
  );
  return async (operation, fields) => {
    if (!override && !CREATORS_TOKEN_ENDPOINTS[credentials.credentialVersion]) {
      throw new AmazonApiError("invalid", `Unknown Creators API credential version ${credentials.credentialVersion}`);
    }
    const url = `${override ?? CREATORS_API_BASE}/catalog/v1/${operation}`;
    const body = JSON.stringify({ ...fields, partnerTag: credentials.associateTag, resources: RESOURCES });
    const answer = await send(
      async () => {
        const token = await tokens.get();
        const version = credentials.credentialVersion.startsWith("3.")
          ? ""
          : `, Version ${credentials.credentialVersion}`;
        return post(
          url,
          {
            headers: {
              Authorization: `Bearer ${token}${version}`,
              "Content-Type": "application/json; charset=utf-8",
              "x-marketplace": credentials.marketplace,
            },
            body,
          },
          timeoutMs,
        );
      },
      () => tokens.invalidate(),
    );
    if (answer.status !== 200) throw errorFor(answer);
    return answer.body;
  };
}
