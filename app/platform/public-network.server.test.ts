import os from "node:os";

import { describe, expect, it } from "vitest";

import { isPublicAddress } from "./public-network.server";

describe("the public-address guard", () => {
  it("refuses every special-purpose range IANA lists, the documentation ranges and IPv4 spelled as IPv6 included", () => {
    for (const address of [
      "192.0.2.10",
      "198.51.100.7",
      "203.0.113.200",
      "198.18.0.1",
      "192.88.99.1",
      "240.0.0.1",
      "255.255.255.255",
      "0.1.2.3",
      "2001:db8::1",
      "3fff::1",
      "2001:2::1",
      "2002:c000:0201::1",
      "64:ff9b::7f00:1",
      "100::1",
      "::7f00:1",
      "::127.0.0.1",
      "::8.8.8.8",
      "::ffff:192.168.0.1",
      "fec0::1",
      "ff02::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses this machine's own addresses, on every interface", () => {
    const own = Object.values(os.networkInterfaces()).flatMap((entries) =>
      (entries ?? []).map((entry) => entry.address),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(isPublicAddress(address), address).toBe(false);
    // A server with a public address of its own refuses it too, however it is written.
    expect(isPublicAddress("8.8.4.4", new Set(["8.8.4.4"]))).toBe(false);
    expect(isPublicAddress("::ffff:8.8.4.4", new Set(["8.8.4.4"]))).toBe(false);
  });
});
