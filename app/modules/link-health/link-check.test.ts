import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isPublicAddress } from "#app/platform/public-network.server";

import { checkLink } from "./link-check.server";

// A retailer on this machine: each path answers the way real shops do.
const seen: Array<{ method: string; path: string; userAgent: string }> = [];
const shop = http.createServer((request, response) => {
  const url = new URL(request.url!, "http://shop");
  seen.push({ method: request.method!, path: url.pathname, userAgent: request.headers["user-agent"] ?? "" });
  const answer = (status: number, headers: Record<string, string> = {}) => response.writeHead(status, headers).end();
  switch (url.pathname) {
    case "/product":
      return answer(200);
    case "/gone":
      return answer(404);
    case "/removed":
      return answer(410);
    case "/broken":
      return answer(503);
    case "/robots-blocked":
      return answer(403);
    case "/slow-down":
      return answer(429);
    case "/no-head":
      return answer(request.method === "HEAD" ? 405 : 200);
    case "/sold-out":
      return answer(302, { location: "/" });
    case "/":
      return answer(200);
    case "/strips-tag":
      return answer(301, { location: "/product?color=red" });
    case "/keeps-tag":
      return answer(301, { location: `/product?${url.searchParams.toString()}` });
    case "/loop":
      return answer(302, { location: "/loop" });
    default:
      return answer(500);
  }
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => shop.close(resolve)));

const options = { userAgent: "DealDash link checker (+https://deals.example)", timeoutMs: 2_000, allowPrivate: true };
const check = (path: string) => checkLink(`${base}${path}`, options);

describe("checking a link", () => {
  it("finds a live product with HEAD, naming the site, and falls back to GET where HEAD is refused", async () => {
    expect(await check("/product")).toMatchObject({ ok: true, status: 200 });
    expect(seen.at(-1)).toEqual({
      method: "HEAD",
      path: "/product",
      userAgent: "DealDash link checker (+https://deals.example)",
    });
    expect(await check("/no-head")).toMatchObject({ ok: true, status: 200 });
    expect(seen.slice(-2).map((request) => request.method)).toEqual(["HEAD", "GET"]);
  });

  it("flags 404, 410 and 5xx, but not 403 or 429 (shops turn robots away)", async () => {
    expect(await check("/gone")).toMatchObject({ ok: false, problem: "Not found (404)" });
    expect(await check("/removed")).toMatchObject({ ok: false, problem: "Not found (410)" });
    expect(await check("/broken")).toMatchObject({ ok: false, problem: "The retailer's server failed (503)" });
    expect(await check("/robots-blocked")).toMatchObject({ ok: true, status: 403 });
    expect(await check("/slow-down")).toMatchObject({ ok: true, status: 429 });
  });

  it("flags a redirect to the home page and one that drops the link's tag, not one that keeps it", async () => {
    expect(await check("/sold-out?tag=deals-20")).toMatchObject({
      ok: false,
      problem: "Redirects to the retailer's home page (the product is gone)",
    });
    expect(await check("/strips-tag?tag=deals-20")).toMatchObject({
      ok: false,
      problem: 'A redirect dropped the link\'s "tag" parameter',
    });
    expect(await check("/keeps-tag?tag=deals-20")).toMatchObject({
      ok: true,
      finalUrl: `${base}/product?tag=deals-20`,
    });
    expect(await check("/loop")).toMatchObject({ ok: false, problem: "Too many redirects" });
  });

  it("refuses private, loopback and link-local addresses unless the test-only setting allows them, and reports a name that does not resolve", async () => {
    expect(await checkLink(`${base}/product`, { ...options, allowPrivate: false })).toEqual({
      ok: false,
      problem: "Refused: the link points to a private network address",
    });
    expect(
      await checkLink("http://169.254.169.254/latest/meta-data/", { ...options, allowPrivate: false }),
    ).toMatchObject({ problem: "Refused: the link points to a private network address" });
    expect(await checkLink("http://no-such-shop.invalid/item", options)).toEqual({
      ok: false,
      problem: "The address does not resolve (DNS)",
    });
    expect(await checkLink("ftp://shop.example/item", options)).toMatchObject({
      ok: false,
      problem: "The link is not a web address",
    });
    for (const address of [
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.1.1",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1::1")).toBe(true);
  });
});
