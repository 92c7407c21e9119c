import http from "node:http";

import { describe, expect, it } from "vitest";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// A page opened at another address than the site's own (PUBLIC_URL) cannot use its passkeys: the login,
// security and confirm pages say so, and where to go, instead of drawing a button whose ceremony would fail.

const served = servedInProcessApp();

/** The admin's words on a page, React's markers between texts removed, apostrophes as typed. */
const wordsOf = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/** The site's own address, as robots.txt names its sitemap. */
async function siteAddress(url: string): Promise<string> {
  const robots = await (await fetch(`${url}/robots.txt`)).text();
  return /Sitemap: (\S+)\/sitemap\.xml/.exec(robots)![1]!;
}

/** A page as a browser that opened the site at `host` asks for it (fetch will not send another Host). */
function pageFor(url: string, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { headers: { host } }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve(body.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'")));
      })
      .on("error", reject);
  });
}

describe("passkeys away from the site's own address", () => {
  it("the login and security pages say why there is no passkey button, and where it works", async () => {
    const { url } = served();
    const site = await siteAddress(url);
    expect(new URL(site).hostname).not.toBe("127.0.0.1");
    const why = `Passkeys work at this site's own address, ${site}, and this page was opened at ${url}. Open the admin at ${site} to use them.`;

    expect(await wordsOf(await fetch(`${url}/admin/login`))).toContain(why);
    // At the site's own name, nothing is said: the button is drawn once the page's script runs.
    const atSite = await pageFor(url, "/admin/login", new URL(site).host);
    expect(atSite).toContain("Admin Access");
    expect(atSite).not.toContain("Passkeys work at");

    const security = await wordsOf(
      await fetch(`${url}/admin/security`, { headers: { cookie: await signInOverHttp(url, ADMIN) } }),
    );
    expect(security).toContain(why);
    expect(security).not.toContain("Confirm it's you to add a passkey");
  });
});
