import { PrivateAddressError, requestPublic } from "#app/platform/public-network.server";

// One affiliate link checked the way a careful robot would: HEAD, then GET where HEAD is not allowed,
// redirects followed by hand (at most five), a timeout, a user agent naming the site. Every connection,
// redirects included, goes only to public addresses: the check resolves the host itself and refuses
// private, loopback and link-local answers, so a stored URL cannot reach into our network (unless the
// test-only LINK_CHECK_ALLOW_PRIVATE says so).

const MAX_REDIRECTS = 5;

export interface CheckOptions {
  userAgent: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** One request: its status and where it redirects, the body left unread. */
async function requestOnce(
  url: URL,
  method: "HEAD" | "GET",
  options: CheckOptions,
): Promise<{ status: number; location: string | undefined }> {
  const response = await requestPublic(url, {
    method,
    headers: { "user-agent": options.userAgent, accept: "*/*" },
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
  });
  response.destroy();
  return { status: response.statusCode ?? 0, location: response.headers.location };
}

export type CheckOutcome =
  { ok: true; status: number; finalUrl: string } | { ok: false; problem: string; status?: number; finalUrl?: string };

/** Statuses that say "not for robots", not "gone": never a failure. */
const BLOCKED_ROBOTS = new Set([401, 403, 405, 429]);

/** Checks a link and says whether it still leads to the product, and if not, why. */
export async function checkLink(link: string, options: CheckOptions): Promise<CheckOutcome> {
  const start = new URL(link);
  let current = start;
  let status = 0;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:")
      return { ok: false, problem: "The link is not a web address" };
    try {
      let answer = await requestOnce(current, "HEAD", options);
      if (answer.status === 405 || answer.status === 501) answer = await requestOnce(current, "GET", options);
      status = answer.status;
      if (status >= 300 && status < 400 && answer.location) {
        if (hop === MAX_REDIRECTS) return { ok: false, problem: "Too many redirects", status };
        current = new URL(answer.location, current);
        continue;
      }
    } catch (error) {
      return { ok: false, problem: networkProblem(error) };
    }
    break;
  }
  const finalUrl = current.toString();
  if (status === 404 || status === 410) return { ok: false, problem: `Not found (${status})`, status, finalUrl };
  if (status >= 500) return { ok: false, problem: `The retailer's server failed (${status})`, status, finalUrl };
  if (BLOCKED_ROBOTS.has(status) || status < 200 || status >= 300) return { ok: true, status, finalUrl };
  if (current !== start) {
    if (current.pathname === "/" && start.pathname !== "/")
      return { ok: false, problem: "Redirects to the retailer's home page (the product is gone)", status, finalUrl };
    // Within one site only: a tracker handing over to the retailer rewrites its parameters by design.
    const sameSite = current.hostname.replace(/^www\./, "") === start.hostname.replace(/^www\./, "");
    const lost = sameSite
      ? [...new Set(start.searchParams.keys())].filter((name) => !current.searchParams.has(name))
      : [];
    if (lost.length > 0)
      return {
        ok: false,
        problem: `A redirect dropped the link's ${lost.map((name) => `"${name}"`).join(", ")} parameter`,
        status,
        finalUrl,
      };
  }
  return { ok: true, status, finalUrl };
}

function networkProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (error instanceof PrivateAddressError) return "Refused: the link points to a private network address";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return "The address does not resolve (DNS)";
  if (code === "TIMEOUT") return "No answer in time";
  if (code === "ECONNREFUSED" || code === "ECONNRESET") return "The retailer's server refused the connection";
  return "The retailer's server could not be reached";
}
