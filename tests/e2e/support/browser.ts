import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

// The flags keep Chromium off the network it cannot reach here and quiet in containers.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const baseUrl = () => inject("baseUrl");

/** One browser per test file; call in the file's top level. */
export function launchBrowserPerFile(): { browser: () => Browser } {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { browser: () => browser };
}

/** A fresh context (own cookies and storage) and page, on the shared server unless `url` names another. */
export async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; url?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.url ?? baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  return { context, page };
}

export const adminCredentials = () => ({ email: inject("adminEmail"), password: inject("adminPassword") });

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in and waits for the dashboard. */
export async function signIn(page: Page, credentials = adminCredentials()) {
  await submitLogin(page, credentials.email, credentials.password);
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The visible toast with this text. */
export const toastWith = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
