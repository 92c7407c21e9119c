import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";

import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { type FakeAmazon, startFakeAmazon } from "../support/fake-amazon";
import { chooseOption, dataDirsPerFile, expectFieldValues, signedIn, test, toastWith } from "./support/browser";

const admin = { email: "amazon-admin@example.com", password: "amazon-admin-pw" };
const SECRET = "creators-secret-4711";

let fake: FakeAmazon;
let server: RunningServer;
const dataDir = dataDirsPerFile("dealdash-amazon-");
beforeAll(async () => {
  fake = await startFakeAmazon({
    clientSecret: SECRET,
    items: [
      {
        asin: "B0FAKE0001",
        title: "Fake Noise Machine",
        price: 39.99,
        savingBasis: 59.99,
        rating: 4.4,
        reviews: 321,
        image: "https://m.media-amazon.com/images/I/noise.jpg",
      },
    ],
  });
  server = await startServer({
    dataDir: dataDir(),
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, AMAZON_API_ENDPOINT: fake.url },
  });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** What each form shows once filled from the fake Amazon's product B0FAKE0001. */
const filledFromFakeProduct = {
  deal: {
    Title: "Fake Noise Machine",
    "Current price ($)": "39.99",
    "Original price ($)": "59.99",
    "Image URL": "https://m.media-amazon.com/images/I/noise.jpg",
  },
  gift: {
    Title: "Fake Noise Machine",
    "Main image URL": "https://m.media-amazon.com/images/I/noise.jpg",
    "Price ($)": "39.99",
    "Total reviews": "321",
  },
};

/** Types an ASIN, presses the form's fetch button and waits for the toast it should give. */
async function fetchAsin(page: Page, asin: string, button: string, toast: string) {
  await page.getByLabel("Amazon ASIN").fill(asin);
  await page.getByRole("button", { name: button }).click();
  await toastWith(page, toast).waitFor();
}

describe("Amazon product data", () => {
  test("refuses anonymous and cross-origin product fetches", async () => {
    const anonymous = await fetch(`${server.url}/api/amazon-product`, {
      method: "POST",
      body: JSON.stringify({ asin: "B0FAKE0001" }),
      headers: { "content-type": "application/json" },
    });
    expect(anonymous.status).toBe(401);
    const crossOrigin = await fetch(`${server.url}/api/amazon-product`, {
      method: "POST",
      body: JSON.stringify({ asin: "B0FAKE0001" }),
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(crossOrigin.status).toBe(403);
  });

  test("tests the connection, saves the settings, and never shows the secret again", async ({ openPage }) => {
    const { context, page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/settings/amazon");
    await page.getByRole("button", { name: "Test API Connection" }).click();
    await toastWith(page, "Please fill in all required fields before testing").waitFor();
    // With no secret stored yet, all three required fields say so at once.
    for (const message of ["Access key is required", "Secret key is required", "Associate tag is required"])
      await page.getByText(message).waitFor();

    await page.getByLabel("Access key (credential ID)").fill("cred-id");
    await page.getByLabel("Secret key (credential secret)").fill("not-the-secret");
    await page.getByLabel("Associate tag").fill("dealdash-20");
    await page.getByRole("button", { name: "Test API Connection" }).click();
    await page.getByText("API connection failed").waitFor();

    await page.getByLabel("Secret key (credential secret)").fill(SECRET);
    await page.getByRole("button", { name: "Test API Connection" }).click();
    await page.getByText("API connection successful").waitFor();

    await page.getByLabel("Secret key (credential secret)").fill(SECRET);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toastWith(page, "Amazon PA API settings saved successfully").waitFor();

    await page.goto("/admin/settings/amazon");
    await page.getByText("Stored secret ends in 4711").waitFor();
    expect(await page.getByLabel("Secret key (credential secret)").inputValue()).toBe("");
    expect(await page.content()).not.toContain(SECRET);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    for (const path of ["/admin/settings/amazon", "/admin/stores", "/admin/settings/amazon.data"]) {
      expect(await (await fetch(`${server.url}${path}`, { headers: { cookie } })).text(), path).not.toContain(SECRET);
    }
    await page.goto("/admin/stores");
    const editPath = await page.getByRole("link", { name: "Edit Amazon", exact: true }).getAttribute("href");
    expect(editPath).toMatch(/^\/admin\/stores\/edit\/[0-9a-f-]{36}$/);
    const editPage = await (await fetch(`${server.url}${editPath}`, { headers: { cookie } })).text();
    expect(editPage).toContain("secret_key");
    expect(editPage).not.toContain(SECRET);
  });

  test("fills the deal form from an ASIN", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/deals/add");
    await chooseOption(page, "Store", "Amazon");
    await page.getByRole("button", { name: "Fetch from Amazon" }).click();
    await toastWith(page, "Please enter an ASIN first").waitFor();
    await fetchAsin(
      page,
      "B0FAKE0001",
      "Fetch from Amazon",
      "Product fetched from Amazon PA API. Rating: 4.4/5 (321 reviews)",
    );
    await expectFieldValues(page, filledFromFakeProduct.deal);
    expect(new URL(await page.getByLabel("Affiliate URL").inputValue()).searchParams.get("tag")).toBe("dealdash-20");
    expect(await page.getByLabel("Notes (admin only)").inputValue()).toContain("Availability: In Stock");

    await fetchAsin(
      page,
      "B0UNKNOWN1",
      "Fetch from Amazon",
      "Failed to fetch product from Amazon. Please check your API settings and ASIN.",
    );
  });

  test("fills the gift idea form from an ASIN, without the required-fields toast", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/gift-ideas/add");
    await page.getByRole("checkbox", { name: "This is an Amazon product" }).check();
    await fetchAsin(page, "B0FAKE0001", "Fetch Details", "Product details fetched from Amazon");
    await expectFieldValues(page, filledFromFakeProduct.gift);
    // Filling fields is not a submit: the only toast is the fetch's.
    expect(await page.locator("[data-sonner-toast]").allTextContents()).toEqual([
      expect.stringContaining("Product details fetched from Amazon"),
    ]);
  });

  test("hides an Amazon price until it is read, then shows it with its time after 'Refresh now'", async ({
    openPage,
  }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/deals/add");
    await chooseOption(page, "Store", "Amazon");
    await page.getByLabel("Amazon ASIN").fill("B0FAKE0001");
    await page.getByRole("button", { name: "Fetch from Amazon" }).click();
    await toastWith(page, "Product fetched from Amazon PA API").waitFor();
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Create Deal" }).click();
    await page.waitForURL("**/admin/deals");

    const publicCard = async () => {
      const html = await (await fetch(`${server.url}/deal-dashes?search=Fake%20Noise%20Machine`)).text();
      const title = html.indexOf(">Fake Noise Machine</a></h3>");
      expect(title).toBeGreaterThan(0);
      return html.slice(html.lastIndexOf("<article", title), html.indexOf("</article>", title));
    };
    const before = await publicCard();
    expect(before).toContain("See price on Amazon");
    expect(before).not.toContain("$39.99");

    const card = page.getByTestId("deal-row").filter({ hasText: "Fake Noise Machine" });
    await card.getByText("price never refreshed").waitFor();
    await card.getByRole("button", { name: "Refresh now" }).click();
    await toastWith(page, "Price refreshed from Amazon").waitFor();
    await card.getByText(/price refreshed (just now|\d+ seconds? ago)/).waitFor();

    const fresh = await publicCard();
    expect(fresh).toContain("$39.99");
    expect(fresh).toMatch(/Price as of [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  test("sends each placement's Amazon links with the tracking ID the owner set for it", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/settings/amazon");
    await page.getByLabel("Deal Dashes list").fill("not a tag!");
    await page.getByRole("button", { name: "Save Tracking IDs" }).click();
    await page.getByText("Use letters, digits and hyphens, as in site-deals-20").waitFor();
    await page.getByLabel("Deal Dashes list").fill("site-deals-20");
    await page.getByLabel("Deal page", { exact: true }).fill("site-pages-20");
    await page.getByRole("button", { name: "Save Tracking IDs" }).click();
    await toastWith(page, "Tracking IDs saved").waitFor();
    await page.reload();
    expect(await page.getByLabel("Deal Dashes list").inputValue()).toBe("site-deals-20");

    // The list's card and the deal's own page each link to Amazon with their own ID; search keeps the tag.
    const amazonLinks = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      return [...html.matchAll(/href="(https:\/\/www\.amazon\.com\/dp\/B0FAKE0001[^"]*)"/g)].map((m) =>
        new URL(m[1]!.replaceAll("&amp;", "&")).searchParams.get("tag"),
      );
    };
    expect(await amazonLinks("/deal-dashes")).toEqual(["site-deals-20"]);
    expect(await amazonLinks("/search?q=Fake%20Noise%20Machine")).toEqual(["dealdash-20"]);
    await page.goto("/deal-dashes");
    await page.getByRole("link", { name: "Fake Noise Machine" }).first().click();
    expect(new Set(await amazonLinks(new URL(page.url()).pathname))).toEqual(new Set(["site-pages-20"]));
  });
});
