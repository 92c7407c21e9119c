import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";

import ipaddr from "ipaddr.js";

// Outbound requests to addresses the site does not choose (a stored affiliate link, an owner's webhook) go
// only to the public internet: the host is resolved here and any answer that is not a plain public address
// is refused at connect time, so a stored URL cannot reach into our network (unless a test-only setting,
// LINK_CHECK_ALLOW_PRIVATE, says so for a local test server).

/** IPv4-compatible IPv6 (`::a.b.c.d`, deprecated): connected to as IPv6, so not judged as the IPv4 it spells. */
const ipv4Compatible = new net.BlockList();
ipv4Compatible.addSubnet("::", 96, "ipv6");

/** This machine's own addresses, every interface's: a service bound to 0.0.0.0 answers on each of them. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      const address = entry.address.split("%")[0]!; // a link-local address's zone (`fe80::1%eth0`) is not part of it
      if (ipaddr.isValid(address)) own.add(ipaddr.process(address).toNormalizedString());
    }
  }
  return own;
}

/**
 * Whether an address is on the public internet: not in any of IANA's special-purpose ranges (private,
 * loopback, link-local, shared, documentation, benchmarking, multicast, reserved, translation…, as
 * ipaddr.js lists them; an IPv4-mapped address is judged as its IPv4) and not one of this machine's own.
 */
export function isPublicAddress(address: string, own = ownAddresses()): boolean {
  if (!net.isIP(address)) return false;
  if (net.isIPv6(address) && ipv4Compatible.check(address, "ipv6")) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast" && !own.has(parsed.toNormalizedString());
}

export class PrivateAddressError extends Error {
  readonly code = "PRIVATE_ADDRESS";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for http.request that answers only with public addresses (checked at connect time, so a host cannot change its answer in between). */
export function publicOnlyLookup(allowPrivate: boolean) {
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

/**
 * Why `url` may not be posted to, checked when the owner saves it: its host is, or resolves to, a private
 * address, or cannot be found; null when it may. (Each request checks again: a host can change its answer.)
 */
export async function publicUrlProblem(url: URL, allowPrivate: boolean): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowPrivate) return null;
  if (net.isIP(host)) return isPublicAddress(host) ? null : `${host} is a private network address`;
  try {
    const inside = (await dns.promises.lookup(host, { all: true })).find((answer) => !isPublicAddress(answer.address));
    return inside ? `${host} points to a private network address (${inside.address})` : null;
  } catch {
    return `${host} could not be found`;
  }
}

/** A URL whose host is written as a private address (connected to without a lookup), as an error; else null. */
export function refusePrivateLiteral(url: URL, allowPrivate: boolean): PrivateAddressError | null {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  return net.isIP(literal) && !allowPrivate && !isPublicAddress(literal)
    ? new PrivateAddressError(`${literal} is a private address`)
    : null;
}

export interface PublicRequest {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string | number>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * One request to a public address (never a private one, unless `allowPrivate`), resolved with the answer
 * and its body unread: the caller reads it, streams it or destroys it. A timeout ends it with code TIMEOUT.
 */
export function requestPublic(url: URL, options: PublicRequest): Promise<http.IncomingMessage> {
  const refused = refusePrivateLiteral(url, options.allowPrivate);
  if (refused) return Promise.reject(refused);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        lookup: publicOnlyLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
      },
      resolve,
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("No answer in time"), { code: "TIMEOUT" })));
    request.on("error", reject);
    request.end(options.body);
  });
}
