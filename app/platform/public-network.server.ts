import dns, { type LookupAddress } from "node:dns";
import net from "node:net";

// Outbound requests to addresses the site does not choose (a stored affiliate link, an owner's webhook) go
// only to the public internet: the host is resolved here and private, loopback and link-local answers are
// refused at connect time, so a stored URL cannot reach into our network (unless a test-only setting,
// LINK_CHECK_ALLOW_PRIVATE, says so for a local test server).

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
  return net.isIP(literal) && !allowPrivate && !isPublicAddress(literal) ? new PrivateAddressError(`${literal} is a private address`) : null;
}
