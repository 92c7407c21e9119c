import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

// One affiliate link checked the way a careful robot would: HEAD, then GET where HEAD is not allowed,
// redirects followed by hand (at most five), a timeout, a user agent naming the site. Every connection,
// redirects included, goes only to public addresses: the check resolves the host itself and refuses
// private, loopback and link-local answers, so a stored URL cannot reach into our network (unless the
// test-only LINK_CHECK_ALLOW_PRIVATE says so).

const MAX_REDIRECTS = 5;

const privateRanges = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  privateRanges.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  privateRanges.addSubnet(network, prefix, "ipv6");

/** Whether an address is on the public internet (not private, loopback, link-local, mapped or multicast). */
export function isPublicAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4 (BlockList maps IPv4 to that form itself).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = net.isIPv4(plain) ? "ipv4" : net.isIPv6(plain) ? "ipv6" : null;
  return family !== null && !privateRanges.check(plain, family);
}

export class PrivateAddressError extends Error {
  readonly code = "PRIVATE_ADDRESS";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for http.request that answers only with public addresses (checked at connect time, so a host cannot change its answer in between). */
function publicOnlyLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !allowPrivate && addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new PrivateAddressError(`${hostname} resolves to a private address`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface CheckOptions {
  userAgent: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** One request: its status and where it redirects, the body left unread. */
function requestOnce(url: URL, method: "HEAD" | "GET", options: CheckOptions): Promise<{ status: number; location: string | undefined }> {
  // An address written as such is connected to without a lookup: judge it here.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !options.allowPrivate && !isPublicAddress(literal)) return Promise.reject(new PrivateAddressError(`${literal} is a private address`));
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      { method, headers: { "user-agent": options.userAgent, accept: "*/*" }, lookup: publicOnlyLookup(options.allowPrivate) as never, timeout: options.timeoutMs },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timed out"), { code: "TIMEOUT" })));
    request.on("error", reject);
    request.end();
  });
}

export type CheckOutcome = { ok: true; status: number; finalUrl: string } | { ok: false; problem: string; status?: number; finalUrl?: string };

/** Statuses that say "not for robots", not "gone": never a failure. */
const BLOCKED_ROBOTS = new Set([401, 403, 405, 429]);

/** Checks a link and says whether it still leads to the product, and if not, why. */
export async function checkLink(link: string, options: CheckOptions): Promise<CheckOutcome> {
  const start = new URL(link);
  let current = start;
  let status = 0;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:") return { ok: false, problem: "The link is not a web address" };
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
    if (current.pathname === "/" && start.pathname !== "/") return { ok: false, problem: "Redirects to the retailer's home page (the product is gone)", status, finalUrl };
    // Within one site only: a tracker handing over to the retailer rewrites its parameters by design.
    const sameSite = current.hostname.replace(/^www\./, "") === start.hostname.replace(/^www\./, "");
    const lost = sameSite ? [...new Set(start.searchParams.keys())].filter((name) => !current.searchParams.has(name)) : [];
    if (lost.length > 0) return { ok: false, problem: `A redirect dropped the link's ${lost.map((name) => `"${name}"`).join(", ")} parameter`, status, finalUrl };
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
