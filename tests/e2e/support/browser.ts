import fs from "node:fs";

import { type Browser, type BrowserContext, chromium, type Cookie, type Download, type Page } from "playwright-core";
import { afterAll, expect, inject, test as base } from "vitest";

import { copyOfDataDir, startServer, tempDataDir } from "../../../scripts/lib/server-process";

/** This file's lane (global-setup.ts): its worker's pool id, 1 to maxWorkers, unique among running files. */
const lane = () => (Number(process.env.VITEST_POOL_ID ?? "1") - 1) % inject("baseUrls").length;
/** The shared server of this file's lane. */
export const baseUrl = () => inject("baseUrls")[lane()]!;
/** Its process id, for memory readings. */
export const serverPid = () => inject("serverPids")[lane()]!;

let browser: Promise<Browser> | undefined;

/**
 * The worker's connection to its lane's browser, made on first use: files run one after another in a
 * worker (isolate: false), each closing the contexts it opened, so the connection serves them all.
 */
function laneBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject("browserEndpoints")[lane()]!);
  return browser;
}

interface PageOptions {
  viewport?: { width: number; height: number };
  /** Another server than the shared one. */
  url?: string;
  /** Headless Chromium names itself in its user agent, so its click-outs are a bot's unless this says otherwise. */
  userAgent?: string;
  /**
   * The browser's time zone: UTC unless a test says otherwise, whatever the machine's, because a server's
   * first sign-in takes its time zone from the browser.
   */
  timezoneId?: string;
  /** Headers sent with every request: `X-Forwarded-For` makes the context a visitor of its own (the lanes' servers trust loopback). */
  headers?: Record<string, string>;
}

/** A context with one page, kept open between tests on the lane's server (see `openLanePage`). */
interface KeptPage {
  key: string;
  context: BrowserContext;
  page: Page;
}

/** Pages on the lane's server that no test is using, ready for the worker's next test. */
const idle: KeptPage[] = [];
/** Enough for the most pages a test has open at once; more are closed. */
const IDLE_PAGES = 4;

/**
 * A page of its own on the lane's server, reused from an earlier test when one with the same user agent and
 * time zone is idle: a new context costs Chromium a renderer process, about a CPU-second. What a test
 * could leave behind goes before the page is handed on (`forgetTest`).
 */
async function openLanePage(options: PageOptions): Promise<KeptPage> {
  const key = JSON.stringify([options.userAgent, options.timezoneId ?? "UTC"]);
  const found = idle.findIndex((kept) => kept.key === key);
  const kept = found >= 0 ? idle.splice(found, 1)[0]! : { key, ...(await newContextWithPage(options)) };
  await kept.page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
  await kept.context.setExtraHTTPHeaders(options.headers ?? {});
  return kept;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

async function newContextWithPage(options: PageOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await laneBrowser()
  ).newContext({
    baseURL: options.url ?? baseUrl(),
    viewport: options.viewport ?? DEFAULT_VIEWPORT,
    userAgent: options.userAgent,
    timezoneId: options.timezoneId ?? "UTC",
    extraHTTPHeaders: options.headers,
  });
  // Playwright's 30 s for an action or a wait is tight beside two other files and a busy CPU.
  context.setDefaultTimeout(90_000);
  return { context, page: await context.newPage() };
}

/**
 * Puts a lane page back for the next test as a new visitor's: no cookies, storage, permissions, routes or
 * listeners, on a blank document. A page that cannot be cleared, or one too many, is closed instead.
 */
async function forgetTest(kept: KeptPage): Promise<void> {
  const { context, page } = kept;
  try {
    if (page.isClosed()) throw new Error("the test closed its page");
    page.removeAllListeners();
    await Promise.all([
      page.unrouteAll({ behavior: "ignoreErrors" }),
      context.unrouteAll({ behavior: "ignoreErrors" }),
    ]);
    const origin = new URL(baseUrl()).origin;
    if (new URL(page.url()).origin !== origin) await page.goto(`${origin}/robots.txt`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await Promise.all([context.clearCookies(), context.clearPermissions(), page.goto("about:blank")]);
    if (context.pages().length !== 1 || idle.length >= IDLE_PAGES) throw new Error("not needed");
    idle.push(kept);
  } catch {
    await context.close();
  }
}

/**
 * Browser tests: `openPage()` gives a page in a context of its own (own cookies and storage), on the shared
 * server unless `url` names another. Every page a test opened is closed, or cleared for the next test on the
 * lane's server, when it ends, pass or fail.
 */
export const test = base.extend<{
  openPage: (options?: PageOptions) => Promise<{ context: BrowserContext; page: Page }>;
  /** A blank page on the shared server, signed in as its admin (`signedIn`). */
  adminPage: Page;
}>({
  // Vitest reads fixture names from the destructured first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  openPage: async ({}, provide) => {
    const own: BrowserContext[] = [];
    const lane: KeptPage[] = [];
    await provide(async (options = {}) => {
      if (options.url === undefined || options.url === baseUrl()) {
        const kept = await openLanePage(options);
        lane.push(kept);
        return kept;
      }
      // Another server's pages are the file's own: they end with the test.
      const opened = await newContextWithPage(options);
      own.push(opened.context);
      return opened;
    });
    await Promise.all([...own.map((context) => context.close()), ...lane.map(forgetTest)]);
  },
  adminPage: async ({ openPage }, provide) => {
    const { page } = await openPage();
    await signedIn(page);
    await provide(page);
  },
});

/** Sessions this worker's files signed in, by server and account: signing in hashes a password. */
const sessions = new Map<string, Cookie[]>();

/**
 * Gives the page's context a session of `credentials` on its server and leaves the page where it was: the
 * test goes to where it starts. An earlier test's session is reused while it holds; otherwise the login
 * form is posted as the page would post it, the browser's time zone included (a server's first sign-in
 * takes it, ADR 0031). Signing in through the page is what admin-session.e2e tests; the other tests test
 * what comes after, without its two page loads.
 */
export async function signedIn(page: Page, credentials = adminCredentials()): Promise<void> {
  const context = page.context();
  const dashboard = () => page.request.get("/admin", { maxRedirects: 0 });
  const first = await dashboard();
  if (first.status() === 200) return;
  const key = `${new URL(first.url()).origin} ${credentials.email}`;
  const kept = sessions.get(key);
  if (kept) {
    await context.addCookies(kept);
    if ((await dashboard()).status() === 200) return;
  }
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const answer = await page.request.post("/admin/login", { form: { ...credentials, timeZone }, maxRedirects: 0 });
  if (answer.status() !== 302 || answer.headers().location !== "/admin")
    throw new Error(`Signing in as ${credentials.email} answered ${answer.status()}: ${await answer.text()}`);
  // "Logged in successfully" is the login page's toast, not the test's first page's.
  await context.clearCookies({ name: TOAST_COOKIE });
  sessions.set(key, await context.cookies(first.url()));
}

/** The toast a redirect leaves for the next page (app/platform/toast.server.ts). */
const TOAST_COOKIE = "dealdash_toast";

export const adminCredentials = () => ({ email: inject("adminEmail"), password: inject("adminPassword") });

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in and waits for the dashboard. */
export async function signIn(page: Page, credentials = adminCredentials()) {
  await submitLogin(page, credentials.email, credentials.password);
  await page.waitForURL((url) => url.pathname === "/admin");
}

/**
 * Chooses an item of the admin's account menu by keyboard, as a keyboard user does: a toast lies over the
 * menu's button after most actions, and one under the pointer never leaves (hovering pauses it).
 */
export async function chooseFromAccountMenu(page: Page, email: string, item: string) {
  await page.getByRole("button", { name: email }).press("Enter");
  await page.getByRole("menuitem", { name: item }).press("Enter");
}

/** The visible toast with this text. */
export const toastWith = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Closes the toast with this text, as a user does when it lies over what they want next (waiting it out takes 5 s). */
export async function closeToast(page: Page, text: string) {
  await toastWith(page, text).getByRole("button", { name: "Close toast" }).click();
  await toastWith(page, text).waitFor({ state: "detached" });
}

/**
 * Waits until the page's forms check their own fields: before hydration a form has no `novalidate`, and
 * the browser's own checks stop a send of empty required fields without a request (a busy machine's
 * first click can come that early).
 */
export async function formsHydrated(page: Page) {
  await page.locator("form[novalidate]").first().waitFor({ state: "attached" });
}

/** Sends an admin form with its button, then waits for its list and the success toast. */
export async function saveForm(page: Page, button: string, list: string, toast: string) {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(`**${list}`);
  await toastWith(page, toast).waitFor();
}

/** Expects each labelled field of the page to hold its value. */
export async function expectFieldValues(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
}

/**
 * Temporary data directories for this test file's own servers, removed after its last test: copies of the
 * seeded one (demo content, no account yet), or empty ones for tests of a first start.
 */
export function dataDirsPerFile(prefix: string): (contents?: "demo" | "empty") => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 })));
  return (contents = "demo") => {
    const dir = contents === "demo" ? copyOfDataDir(inject("seededDataDir"), prefix) : tempDataDir(prefix);
    dirs.push(dir);
    return dir;
  };
}

/** A download's text, read through the browser's connection (the file is on the browser's side). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Picks a row in a searchable combobox the way a user does: type part of its name, click the match. */
export async function chooseOption(page: Page, label: string, option: string) {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

/** What scrolls sideways on the page: the document, or a box whose content is wider than it (with how much). */
export function sidewaysScrollers(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && element.scrollWidth > element.clientWidth + 1) {
        const name =
          element.tagName.toLowerCase() +
          (element.className && typeof element.className === "string"
            ? `.${element.className.split(" ").slice(0, 3).join(".")}`
            : "");
        found.push(`${name} (${element.scrollWidth} > ${element.clientWidth})`);
      }
    }
    return found;
  });
}

/** A shopper's browser, as click counting sees one (not a bot). */
export const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** Publishes a deal through the admin form (store by name, price in dollars), back on the list when saved. */
export async function publishDealInAdmin(
  page: Page,
  deal: { title: string; store: string; price: string; publishAt?: string; affiliateUrl?: string },
) {
  await page.goto("/admin/deals/add");
  await chooseOption(page, "Store", deal.store);
  await page.getByLabel("Title").fill(deal.title);
  await page.getByLabel("Short description").fill(`${deal.title}, published by a test`);
  await page.getByLabel("Image URL").fill("https://example.com/deal.png");
  await page.getByLabel("Affiliate URL").fill(deal.affiliateUrl ?? "https://example.com/deal");
  await page.getByLabel("Current price ($)").fill(deal.price);
  await page.getByLabel("Status").selectOption("published");
  if (deal.publishAt) await page.getByLabel("Publish at", { exact: true }).fill(deal.publishAt);
  await saveForm(page, "Create Deal", "/admin/deals", "Deal created successfully");
}

/** The first admin of a server a test starts for itself. */
export const owner = { email: "owner@example.com", password: "owner-password" };

/**
 * A server of the test's own, on `dataDir`, that may reach the test's local fakes (a webhook receiver, a
 * feed) through the test-only LINK_CHECK_ALLOW_PRIVATE, with `env` besides; its link checker is off. Its admin
 * is `owner`.
 */
export function startServerReachingFakes(dataDir: string, env: Record<string, string> = {}) {
  return startServer({
    dataDir,
    env: {
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      LINK_CHECK_ALLOW_PRIVATE: "true",
      LINK_CHECKS_PER_MINUTE: "0",
      ...env,
    },
  });
}
