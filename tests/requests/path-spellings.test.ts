import { describe, expect, it } from "vitest";

import { servedInProcessApp } from "../support/in-process-server";
import { getAnswer } from "../support/page-cache-hit";

// Routes match paths in either case and with letters percent-escaped, so the rules about paths (never
// cached, the admin's) must see them the same way; and the cookie banner's choice is read as the page reads it.

const served = servedInProcessApp();
const get = (path: string, headers: Record<string, string> = {}) => getAnswer(served().url + path, headers);

describe("paths spelled another way", () => {
  it("are never cached when the router takes them for a page that is never cached", async () => {
    for (const path of [
      "/ADMIN/LOGIN",
      "/Admin/Login?redirectTo=%2Fadmin",
      "/Alerts/manage?id=x&sig=y",
      "/alerts/%6danage?id=x&sig=y",
      "/Newsletter/confirm?id=x&sig=y",
      "/NEWSLETTER/CONFIRM",
      "/admin//login",
    ]) {
      for (let visit = 0; visit < 3; visit++) {
        const answer = await get(path);
        expect(answer.headers.get("x-cache"), `${path} visit ${visit + 1}`).toBeNull();
        expect(answer.headers.get("cache-control") ?? "", path).not.toContain("public");
      }
    }
  });

  it("answer an admin write 401 before its body is read, in any case", async () => {
    for (const path of ["/ADMIN/deals/add", "/Admin/Deals/Add", "/%61dmin/deals/add"]) {
      const response = await fetch(served().url + path, {
        method: "POST",
        body: new URLSearchParams({ title: "x".repeat(1_000_000) }),
      });
      expect(response.status, path).toBe(401);
      expect(await response.text()).toBe("Your session has ended. Please sign in again.");
    }
  });
});

describe("a cookie choice without a value", () => {
  it("is read as a choice, so its banner-less page is kept for that visitor alone", async () => {
    const chose = await get("/about?from=spelling", { cookie: "cookieConsent" });
    expect(chose.body).not.toContain('aria-label="Cookie consent"');
    expect(chose.headers.get("cache-control")).toBe("private, max-age=0");
    for (let visit = 0; visit < 3; visit++)
      expect((await get("/about?from=spelling")).body).toContain('aria-label="Cookie consent"');
  });
});
