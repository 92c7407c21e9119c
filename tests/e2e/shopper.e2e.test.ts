import { describe, expect } from "vitest";

import { demoDeals } from "../../app/db/seed/demo-content";
import { baseUrl, test } from "./support/browser";

const html = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();
const prices = (texts: string[]) => texts.map((text) => Number(text.replace(/[$,]/g, "")));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

/** Every URL of the sitemap: the index, then each of its files. */
async function sitemapUrls(): Promise<string[]> {
  const files = locs(await html("/sitemap.xml"));
  const sets = await Promise.all(files.map(async (file) => locs(await (await fetch(file)).text())));
  return sets.flat();
}

describe("a shopper on the public site", () => {
  test("sees seeded content on the home page, with live category counts linking to category pages", async () => {
    const page = await html("/");
    expect(page).toContain("Hot Deals");
    expect(page).toContain("View All Deals");
    expect(page).toContain("Trending Coupons");
    expect(page).toContain("Shop by Category");
    expect(page).toContain('href="/categories/electronics"');
    // Figures are measured, never claimed: the seeded live deals, rounded down.
    expect(page).toMatch(/>\d+\+?<\/p><p[^>]*>Active Deals</);
    expect(page).not.toMatch(/50K\+|Happy Users|\$2M\+/);
    expect(page).toMatch(/\d+ deals/);
    expect(page).toContain("The Best Noise-Cancelling Headphones to Buy Now");
    expect(page).toContain("Tech Gifts Dad Will Actually Use");
  });

  test("filters Deal Dashes by store, sorts by price, loads more, and keeps it all in the URL", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/deal-dashes");
    const cards = page.getByTestId("deal-card");
    expect(await cards.count()).toBe(12);

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-low");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-low");
    const ascending = async () => {
      const shown = prices(await page.getByTestId("deal-price").allTextContents());
      return shown.length > 0 && shown.every((price, i) => i === 0 || shown[i - 1]! <= price);
    };
    await expect.poll(ascending).toBe(true);

    // Load More appends the next 12 without a full page load, then disappears at the end (the demo's 24
    // deals, and any that another file on this server published since).
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const loadMore = page.getByRole("link", { name: "Load More Deals" });
    let shown = 12;
    for (let next = 2; (await loadMore.count()) > 0; next++) {
      await loadMore.click();
      await page.waitForURL((url) => url.searchParams.get("page") === String(next));
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
      shown = await cards.count();
      expect(shown).toBeLessThanOrEqual(12 * next);
    }
    expect(shown).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await ascending()).toBe(true);

    await page.getByRole("combobox", { name: "Store" }).selectOption("amazon");
    await page.waitForURL((url) => url.searchParams.get("store") === "amazon");
    await expect.poll(() => cards.count()).toBeLessThan(24);
    const stores = await cards.locator("p.uppercase").allTextContents();
    expect(stores.length).toBeGreaterThan(0);
    expect(new Set(stores)).toEqual(new Set(["Amazon"]));
    expect(await ascending()).toBe(true);
    const amazonPrices = prices(await page.getByTestId("deal-price").allTextContents());

    // A reload shows the same view.
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    expect(prices(await page.getByTestId("deal-price").allTextContents())).toEqual(amazonPrices);

    // List and grid.
    await page.getByRole("link", { name: "List view" }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "list");
    await expect.poll(() => page.locator("ul[data-view]").getAttribute("data-view")).toBe("list");
    await page.getByRole("link", { name: "Grid view" }).click();
    await page.waitForURL((u) => !u.searchParams.has("view"));
    await expect.poll(() => page.locator("ul[data-view]").getAttribute("class")).toContain("xl:grid-cols-4");
  });

  test("saves a deal with the heart and shows only saved deals with the Saved filter", async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto("/deal-dashes");
    const card = page.getByTestId("deal-card").nth(2);
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: `Save ${title}` }).click();
    await card.getByRole("button", { name: `Remove ${title} from saved deals` }).waitFor();
    await page.getByRole("link", { name: "Saved (1)" }).click();
    await page.waitForURL((url) => url.searchParams.has("saved"));
    await expect.poll(() => page.getByTestId("deal-card").count()).toBe(1);
    expect(await page.getByTestId("deal-card").locator("h3").textContent()).toBe(title);
    await page.reload();
    expect(await page.getByTestId("deal-card").count()).toBe(1);
  });

  test("searches with typos and offers a way back when nothing matches", async () => {
    expect(await html("/deal-dashes?search=headphnes")).toContain(
      "Sony WH-1000XM5 Wireless Noise-Cancelling Headphones",
    );
    const none = await html("/deal-dashes?search=zzzqqqxx");
    expect(none).toContain("No deals match your search and filters.");
    expect(none).toContain("Reset filters");
  });

  test("reveals a coupon code only on Show Code, opens the store in a new tab, and copies it", async ({ openPage }) => {
    expect(await html("/coupons")).not.toMatch(/SAVE20|TECH50/);
    const { context, page } = await openPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await page.goto("/coupons");
    const card = page.getByTestId("coupon-card").filter({ hasText: "20% Off Sitewide" });
    await card.getByText("20% OFF", { exact: true }).waitFor();
    // The store's site is not reachable from here: the new tab setting off for it is what counts.
    const toStore = context.waitForEvent(
      "request",
      (request) => request.url() === "https://www.target.com/" && request.isNavigationRequest(),
    );
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      card.getByRole("link", { name: "Show Code" }).click(),
    ]);
    expect((await toStore).frame().page()).toBe(tab);
    await tab.close();
    await card.getByTestId("coupon-code").getByText("SAVE20").waitFor();
    // Once the code shows, the link says where it goes.
    await card.getByRole("link", { name: "Go to Target" }).waitFor();

    await card.getByRole("button", { name: "Copy" }).click();
    await card.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("SAVE20");
    await card.getByRole("button", { name: "Copy" }).waitFor();
  });

  test("without JavaScript, Show Code shows the code on its own page, with the way on to the store", async ({
    openPage,
  }) => {
    const { page, context } = await openPage();
    await context.route("**/*.js", (route) => route.abort());
    await page.goto("/coupons");
    const card = page.getByTestId("coupon-card").filter({ hasText: "20% Off Sitewide" });
    await card.getByRole("link", { name: "Show Code" }).click();
    await page.waitForURL(/\/coupons\/[0-9a-f-]{36}\/show\?from=coupons$/);
    await page.getByTestId("coupon-code").getByText("SAVE20").waitFor();
    expect(await page.getByRole("link", { name: "Go to Target" }).getAttribute("href")).toMatch(
      /^\/go\/coupon\/[0-9a-f-]{36}\?from=coupons$/,
    );
    // Each showing is counted: the page is never kept for the next visitor.
    const answer = await fetch(page.url());
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-cache")).not.toBe("hit");
  });

  test("shows expired coupons only with Show Expired, dimmed with 'Expired' disabled", async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto("/coupons");
    expect(await page.getByTestId("coupon-card").filter({ hasText: "15% Off Kitchen Appliances" }).count()).toBe(0);
    await page.getByLabel("Show Expired").check();
    await page.waitForURL((url) => url.searchParams.get("expired") === "1");
    const expired = page.getByTestId("coupon-card").filter({ hasText: "15% Off Kitchen Appliances" });
    await expired.waitFor();
    expect(await expired.getAttribute("class")).toContain("opacity-60");
    expect(await expired.getByRole("button", { name: "Expired" }).isDisabled()).toBe(true);
    expect(await expired.getByRole("button", { name: "Copy" }).isDisabled()).toBe(true);
  });

  test("renders a guide's deal token as a card, redirects /buying-guides/{id}, and 404s the unknown", async () => {
    const guide = await html("/buying-guides/best-noise-cancelling-headphones");
    expect(guide).toContain('data-testid="deal-card"');
    expect(guide).toContain("Sony WH-1000XM5 Wireless Noise-Cancelling Headphones");
    expect(guide).not.toMatch(/\[deal:/);
    expect(guide).toContain('"@type":"Article"');

    const id = guide.match(/\/go\/deal\/([0-9a-f-]{36})/)?.[1];
    expect(id).toBeDefined();
    expect(await sitemapUrls()).toContain(`${baseUrl()}/buying-guides/best-noise-cancelling-headphones`);

    expect((await fetch(`${baseUrl()}/buying-guides/not-a-guide`)).status).toBe(404);
  });

  test("the header search sends what was typed without the spaces around it, with or without the page's script", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/coupons");
    await page.waitForLoadState("networkidle");
    await page.getByRole("search", { name: "Site search" }).getByRole("searchbox").fill("  headphones  ");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).search).toBe("?q=headphones");
    const untrimmed = await fetch(`${baseUrl()}/search?q=%20%20headphones%20`, { redirect: "manual" });
    expect(untrimmed.status).toBe(301);
    expect(untrimmed.headers.get("location")).toBe("/search?q=headphones");
  });

  test("the privacy page names everything kept: click details, answers' scrambled codes, alert criteria, retention", async () => {
    const page = (await html("/privacy")).replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    for (const words of [
      "kind of device (phone, tablet or desktop",
      "scrambled code made from your address and that day",
      "what you asked for (words, store, category, highest price, lowest discount",
      "Each click is deleted after 400 days",
      "kept 30 days after sending",
    ]) {
      expect(page).toContain(words);
    }
  });

  test("the stores' A–Z letters each show that letter's stores, and letters with none are not links", async () => {
    const page = await html("/stores?letter=T");
    expect(page).toContain('href="/stores/target"');
    expect(page).not.toContain('href="/stores/walmart"');
    expect(page).toContain('href="/stores?letter=W"');
    expect(page).not.toContain('href="/stores?letter=Q"');
    expect(page).toMatch(/<span[^>]*aria-disabled="true"[^>]*>Q<\/span>/);
  });

  test("shows every list's RSS feed as a link, for the filters it shows, and the newest deals' in the footer", async () => {
    for (const path of [
      "/deal-dashes?store=amazon&view=list",
      "/coupons",
      "/gift-ideas",
      "/buying-guides",
      "/stores/bestbuy",
      "/categories/electronics",
    ]) {
      const page = await html(path);
      const alternate = page.match(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)"/,
      )?.[1];
      expect(alternate, path).toBeDefined();
      const feed = alternate!.replace(/&amp;/g, "&");
      const anchors = [...page.matchAll(/<a\b[^>]*?\bhref="([^"]+)"[^>]*>((?:(?!<\/a>)[\s\S])*)<\/a>/g)].map(
        (match) => ({ href: match[1]!.replace(/&amp;/g, "&"), text: match[2]!.replace(/<[^>]+>/g, "").trim() }),
      );
      const shown = anchors.filter((anchor) => anchor.text === "RSS feed").map((anchor) => anchor.href);
      expect(shown, path).toEqual([feed]);
      expect(anchors, path).toContainEqual({ href: "/feeds/deal-dashes.rss", text: "RSS feed of new deals" });
    }
  });

  test("finds a filtered list's RSS and Atom feeds from the page, served from the page cache once read", async () => {
    const page = await html("/deal-dashes?store=amazon&view=list");
    const feeds = [
      ...page.matchAll(/<link rel="alternate" type="(application\/(?:rss|atom)\+xml)" title="[^"]*" href="([^"]+)"/g),
    ].map((match) => ({ type: match[1], href: match[2]!.replace(/&amp;/g, "&") }));
    expect(feeds).toEqual([
      { type: "application/rss+xml", href: "/feeds/deal-dashes.rss?store=amazon" },
      { type: "application/atom+xml", href: "/feeds/deal-dashes.atom?store=amazon" },
    ]);
    for (const feed of feeds) {
      const first = await fetch(baseUrl() + feed.href);
      expect(first.headers.get("content-type")).toBe(`${feed.type}; charset=utf-8`);
      expect(await first.text()).toContain("/deals/");
      // Kept once rendered, unless a change from another file on this lane's server drops it first.
      await expect.poll(async () => (await fetch(baseUrl() + feed.href)).headers.get("x-cache")).toBe("hit");
    }
  });

  test("goes from a deal card to the deal's own page: breadcrumbs, price, disclosure, click-out, related deals, structured data", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/deal-dashes?store=bestbuy");
    const card = page.getByTestId("deal-card").first();
    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/deals\/[a-z0-9-]+$/);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    // The short description is said once, though the long one opens with it.
    const short = (await page.locator("h1 ~ p.text-lg").first().textContent())!.trim();
    const mainText = (await page.getByRole("main").textContent())!;
    expect(mainText.split(short).length - 1).toBe(1);

    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await crumbs.getByText(title).getAttribute("aria-current")).toBe("page");

    const getDeal = page.getByRole("link", { name: "Get Deal" }).first();
    expect(await getDeal.getAttribute("rel")).toBe("sponsored nofollow noopener");
    const disclosureFirst = await page.evaluate(() => {
      const disclosure = [...document.querySelectorAll("main p")].find((p) =>
        p.textContent?.includes("We may earn a commission"),
      );
      const link = [...document.querySelectorAll("main a")].find((a) => a.textContent === "Get Deal");
      return Boolean(disclosure && link && disclosure.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(disclosureFirst).toBe(true);
    expect(await page.getByRole("heading", { name: "Related deals" }).count()).toBe(1);
    expect(await page.getByTestId("deal-card").count()).toBeGreaterThan(0);

    const structured = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent!),
      ),
    );
    const product = structured.find((item) => item["@type"] === "Product");
    expect(product).toMatchObject({
      name: title,
      offers: { "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(product.offers.price).toMatch(/^\d+\.\d{2}$/);
    const trail = structured.find((item) => item["@type"] === "BreadcrumbList");
    expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      expect.any(String),
      title,
    ]);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${baseUrl()}${new URL(page.url()).pathname}`,
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^http/);

    expect((await fetch(`${baseUrl()}/deals/no-such-deal`)).status).toBe(404);
  });

  test("keeps the filter selects on the URL's values after Back and Forward, and drops parameters at their defaults", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/deal-dashes");
    const sort = page.getByRole("combobox", { name: "Sort by" });
    const store = page.getByRole("combobox", { name: "Store" });
    await sort.selectOption("price-low");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-low");
    await store.selectOption("bestbuy");
    await page.waitForURL((url) => url.searchParams.get("store") === "bestbuy");
    // Sent as a form, the defaults (empty search, all categories, grid) are left out of the address.
    expect(new URL(page.url()).search).toBe("?store=bestbuy&sort=price-low");

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("store") === null);
    await expect.poll(() => store.inputValue()).toBe("all");
    expect(await sort.inputValue()).toBe("price-low");
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => sort.inputValue()).toBe("newest");
    await page.goForward();
    await expect.poll(() => sort.inputValue()).toBe("price-low");

    for (const [from, to] of [
      ["/deal-dashes?search=&store=all&category=all&sort=newest", "/deal-dashes"],
      ["/coupons?search=&store=all&page=1", "/coupons"],
    ]) {
      const answer = await fetch(`${baseUrl()}${from}`, { redirect: "manual" });
      expect([answer.status, answer.headers.get("location")]).toEqual([301, to]);
    }
  });

  test("on a phone, the first screen of the home page and of Deal Dashes shows the first deal's title and price, above the cookie banner", async ({
    openPage,
  }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    for (const path of ["/", "/deal-dashes"]) {
      await page.goto(path);
      await page.getByRole("region", { name: "Cookie consent" }).waitFor();
      const card = page.getByTestId("deal-card").first();
      for (const part of [card.getByRole("heading"), card.getByTestId("deal-price")]) {
        // Seen: inside the first screen, and the topmost thing at its middle (not under the banner).
        const onTop = await part.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.bottom <= window.innerHeight && hit !== null && element.contains(hit);
        });
        expect(onTop, `${path}: ${await part.textContent()}`).toBe(true);
      }
      // Its picture is shown whole enough to read: cropped to fill its box, at least three quarters of the
      // picture's width and height stay in view (a tall sliver beside the words showed a quarter).
      const picture = card.locator("img").first();
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      const shown = await picture.evaluate((image: HTMLImageElement) => {
        const box = image.getBoundingClientRect();
        const scale = Math.max(box.width / image.naturalWidth, box.height / image.naturalHeight);
        return Math.min(box.width / (image.naturalWidth * scale), box.height / (image.naturalHeight * scale));
      });
      expect(shown, path).toBeGreaterThanOrEqual(0.74);
    }
  });

  test("on a phone, folds Deal Dashes' filters behind 'Filters'", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto("/deal-dashes");
    const store = page.getByRole("combobox", { name: "Store" });
    expect(await store.isVisible()).toBe(false);

    await page.getByText("Filters", { exact: true }).click();
    await store.selectOption("bestbuy");
    await page.waitForURL((url) => url.searchParams.get("store") === "bestbuy");
    // The chosen filter is counted on the folded panel.
    await page.getByText("Filters (1)").waitFor();
  });

  // Which click-outs count (people's, not bots') and how they rank "popular": deals-public.int.test.ts.
  test("answers a click-out, a bot's too, with 302 to the stored URL", async () => {
    // A demo deal of its own: other files on this server publish Best Buy deals of theirs.
    const tv = demoDeals.find((deal) => deal.title.startsWith("LG 55-inch Class OLED"))!;
    const page = await html(`/deal-dashes?store=bestbuy&search=${encodeURIComponent(tv.title)}`);
    const id = page.match(/\/go\/deal\/([0-9a-f-]{36})/)?.[1];
    expect(id).toBeDefined();
    for (const userAgent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (X11; Linux x86_64) Chrome/130",
    ]) {
      const response = await fetch(`${baseUrl()}/go/deal/${id}?from=test`, {
        redirect: "manual",
        headers: { "user-agent": userAgent },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(tv.affiliateUrl);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }

    expect(
      (await fetch(`${baseUrl()}/go/deal/00000000-0000-4000-8000-000000000000`, { redirect: "manual" })).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${baseUrl()}/go/deal/${id}?to=https://evil.example`, {
          redirect: "manual",
          headers: { "user-agent": "Mozilla/5.0" },
        })
      ).headers.get("location"),
    ).not.toContain("evil");
  });

  test("marks every link to a retailer as sponsored", async () => {
    for (const path of [
      "/",
      "/deal-dashes",
      "/coupons",
      "/gift-ideas/tech-gifts-for-dad",
      "/buying-guides/best-noise-cancelling-headphones",
    ]) {
      const page = await html(path);
      const outbound = [...page.matchAll(/<a\b[^>]*href="(\/go\/[^"]+|https?:\/\/(?!127\.0\.0\.1)[^"]+)"[^>]*>/g)].map(
        (m) => m[0],
      );
      expect(outbound.length, path).toBeGreaterThan(0);
      for (const anchor of outbound) expect(anchor, `${path}: ${anchor}`).toMatch(/rel="[^"]*sponsored[^"]*"/);
    }
  });

  test("publishes a valid sitemap index of every guide, gift collection and live deal, and robots.txt pointing to it", async () => {
    const index = await html("/sitemap.xml");
    expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex')).toBe(true);
    expect(index).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    const file = await html("/sitemaps/deals-1.xml");
    expect(file.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(file.match(/<url>/g)?.length).toBe(file.match(/<\/url>/g)?.length);
    const urls = await sitemapUrls();
    for (const path of [
      "/",
      "/buying-guides/how-to-choose-a-tablet",
      "/gift-ideas/tech-gifts-for-dad",
      "/gift-ideas/gifts-for-new-parents",
      "/deals/sony-wh-1000xm5-wireless-noise-cancelling-headphones",
    ]) {
      expect(urls).toContain(`${baseUrl()}${path}`);
    }
    const robots = await html("/robots.txt");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /go/");
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });

  test("stores a contact message and thanks the sender, keeping what was typed when a field needs fixing", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter your name").waitFor();
    // The form posts as a page; what came back holds what was sent, with the focus on the first field to fix.
    await page.getByLabel("Name").fill("Sam Shopper");
    await page.getByLabel("Email").fill("sam@");
    await page.getByLabel("Message").fill("The tablet deal link is broken for me.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    expect(await page.getByLabel("Message").inputValue()).toBe("The tablet deal link is broken for me.");
    expect(await page.getByLabel("Name").inputValue()).toBe("Sam Shopper");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contact-email");
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Thanks for your message!").waitFor();
    expect(await page.getByLabel("Message").inputValue()).toBe("");
  });
});
