import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { stores, webhooks } from "#app/db/schema";
import { encryptSecret } from "#app/platform/secrets-at-rest.server";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// A site restored or moved without its app-secret file has stored secrets its new app secret cannot open.
// Each reader says so and asks for the secret again, instead of "Something went wrong".

const served = servedInProcessApp();

const ANOTHER_SITES_SECRET = "another-site-app-secret-another-site-app";

const UNREADABLE =
  "The stored Amazon secret key cannot be read with this site's app secret (it changed, or the site was restored without its app-secret file): enter it again under Settings → Amazon.";

/** Amazon's settings as another site saved them: its secret key sealed with that site's app secret. */
async function amazonKeysFromAnotherSite() {
  await served()
    .app.db.update(stores)
    .set({
      apiConfig: {
        api: "creators",
        access_key: "AKIDEXAMPLE",
        secret_key: encryptSecret("the-real-secret", ANOTHER_SITES_SECRET),
        associate_tag: "dealdash-20",
        marketplace: "www.amazon.com",
        credential_version: "2.1",
      },
    })
    .where(eq(stores.slug, "amazon"));
}

describe("a stored Amazon secret key this app secret cannot open", () => {
  it("is asked for again on the settings page, by the connection test and by a product fetch", async () => {
    const { url } = served();
    await amazonKeysFromAnotherSite();
    const cookie = await signInOverHttp(url, ADMIN);

    const page = (await (await fetch(`${url}/admin/settings/amazon`, { headers: { cookie } })).text())
      .replaceAll("<!-- -->", "")
      .replaceAll("&#x27;", "'");
    expect(page).toContain(UNREADABLE);
    expect(page).not.toContain("Stored secret ends in");

    const test = await fetch(`${url}/admin/settings/amazon`, {
      method: "POST",
      headers: { cookie, accept: "application/json" },
      body: new URLSearchParams({
        intent: "test",
        api: "creators",
        accessKey: "AKIDEXAMPLE",
        secretKey: "",
        associateTag: "dealdash-20",
        marketplace: "www.amazon.com",
        credentialVersion: "2.1",
      }),
    });
    expect(test.status).toBe(400);
    expect((await test.text()).replaceAll("&#x27;", "'")).toContain(UNREADABLE);

    const fetched = await fetch(`${url}/api/amazon-product`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ asin: "B07FZ8S74R" }),
    });
    expect(fetched.status).toBeLessThan(500);
    expect(((await fetched.json()) as { error: string }).error).toBe(UNREADABLE);
  });
});

describe("a webhook's signing secret this app secret cannot open", () => {
  it("is not shown, and the page says how to get a new one instead of failing", async () => {
    const { url, app } = served();
    await app.db.insert(webhooks).values({
      url: "https://hooks.example.com/deals",
      format: "json",
      events: ["deal.published"],
      secret: encryptSecret("the-old-signing-secret", ANOTHER_SITES_SECRET),
    });
    const cookie = await signInOverHttp(url, ADMIN);
    const page = await fetch(`${url}/admin/settings/webhooks`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const words = (await page.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
    expect(words).toContain(
      "The stored signing secret cannot be read with this site's app secret (it changed, or the site was restored without its app-secret file): delete this webhook and add it again, which makes a new one for the receiver.",
    );
    expect(words).not.toContain("the-old-signing-secret");
  });
});
