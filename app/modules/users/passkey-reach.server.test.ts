import { describe, expect, it } from "vitest";

import { whyNoPasskeys } from "./passkey-reach.server";

describe("whether a page can use passkeys", () => {
  it("can on the site's own name, over HTTPS or on localhost", () => {
    expect(whyNoPasskeys("https://deals.example.com", "https://deals.example.com/admin/login")).toBeNull();
    expect(whyNoPasskeys("http://localhost:3000", "http://localhost:3000/admin/login")).toBeNull();
    expect(whyNoPasskeys("http://shop.localhost:3000", "http://shop.localhost:3000/admin/security")).toBeNull();
    // Behind a proxy the app may see plain HTTP on another port: the name is what a passkey is bound to.
    expect(whyNoPasskeys("https://deals.example.com", "http://deals.example.com:3000/admin/login")).toBeNull();
  });

  it("cannot for an IP address, says which, and asks for a name", () => {
    expect(whyNoPasskeys("http://192.168.1.20:3000", "http://192.168.1.20:3000/admin/login")).toBe(
      "Passkeys need a domain name, and this site's address (PUBLIC_URL) is http://192.168.1.20:3000, an IP address. Give the site a domain name (on this computer, localhost) to use them.",
    );
    expect(whyNoPasskeys("https://[2001:db8::1]", "https://[2001:db8::1]/admin/login")).toMatch(
      /^Passkeys need a domain name, .* https:\/\/\[2001:db8::1\], an IP address/,
    );
  });

  it("cannot over plain HTTP away from localhost", () => {
    expect(whyNoPasskeys("http://deals.example.com", "http://deals.example.com/admin/login")).toBe(
      "Passkeys need HTTPS, and this site's address (PUBLIC_URL) is http://deals.example.com. Serve the site over HTTPS to use them.",
    );
  });

  it("cannot at another address than PUBLIC_URL's, and names the right one", () => {
    expect(whyNoPasskeys("http://localhost:3000", "http://127.0.0.1:3000/admin/login")).toBe(
      "Passkeys work at this site's own address, http://localhost:3000, and this page was opened at http://127.0.0.1:3000. Open the admin at http://localhost:3000 to use them.",
    );
  });
});
