import ipaddr from "ipaddr.js";

/**
 * What counts as one visitor: an IPv4 address (also when written as IPv6, `::ffff:a.b.c.d`), or an IPv6
 * address's /64, which one home or phone is handed whole (counting its addresses one by one would give it
 * 2^64 tries). Anything else is returned as it is.
 */
export function visitorBlock(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  return address.kind() === "ipv4"
    ? address.toString()
    : `${(address as ipaddr.IPv6).toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}
