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
// token, and the account's reports (ListReports, then GetReport's pre-signed URL of a file). Protocol
// notes and sources: ADR 0006 and ADR 0049.

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

/** A Creators API call: POST `path` (under the API's base) with a JSON body; the raw answer. */
export type CreatorsCall = (path: string, body: Record<string, unknown>) => Promise<unknown>;

/** An account's Creators API calls, sharing one token cache: each sends the bearer token and marketplace. */
export function creatorsCaller(
  credentials: AmazonCredentials,
  { override, timeoutMs, send }: { override: string | undefined; timeoutMs: number; send: Sender },
): CreatorsCall {
  const tokens = new TokenCache(
    credentials,
    override
      ? `${override}${credentials.credentialVersion.startsWith("3.") ? "/auth/o2/token" : "/oauth2/token"}`
      : (CREATORS_TOKEN_ENDPOINTS[credentials.credentialVersion] ?? ""),
    timeoutMs,
  );
  return async (path, fields) => {
    if (!override && !CREATORS_TOKEN_ENDPOINTS[credentials.credentialVersion]) {
      throw new AmazonApiError("invalid", `Unknown Creators API credential version ${credentials.credentialVersion}`);
    }
    const url = `${override ?? CREATORS_API_BASE}${path}`;
    const body = JSON.stringify(fields);
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

/** A catalogue operation: its own fields, plus the partner tag and the resources every request asks for. */
export const creatorsCatalog =
  (call: CreatorsCall, credentials: AmazonCredentials) =>
  (operation: CreatorsOperation, fields: Record<string, unknown>): Promise<unknown> =>
    call(`/catalog/v1/${operation}`, { ...fields, partnerTag: credentials.associateTag, resources: RESOURCES });

/** A report Amazon has ready for the account: its file's name, checksum, size and when it last changed. */
export interface AmazonReport {
  filename: string;
  md5: string;
  size: number;
  lastModified: string;
}

/** The account's reports (reports/v1/listReports); those missing a field are left out. */
export async function listCreatorsReports(call: CreatorsCall): Promise<AmazonReport[]> {
  const body = (await call("/reports/v1/listReports", {})) as { reports?: unknown } | null;
  const reports = Array.isArray(body?.reports) ? (body.reports as Array<Record<string, unknown>>) : [];
  return reports.filter(
    (report): report is Record<string, unknown> & AmazonReport =>
      typeof report.filename === "string" &&
      typeof report.lastModified === "string" &&
      typeof report.size === "number" &&
      typeof report.md5 === "string",
  );
}

/** Where one report's file can be downloaded for a while (reports/v1/getReport: a pre-signed URL). */
export async function creatorsReportUrl(call: CreatorsCall, filename: string): Promise<string> {
  const body = (await call("/reports/v1/getReport", { filename })) as { url?: unknown } | null;
  if (typeof body?.url !== "string") throw new AmazonApiError("no-data", `Amazon gave no address for ${filename}`);
  return body.url;
}
