import fs from "node:fs";
import { createRequire } from "node:module";

import { HtmlValidate } from "html-validate";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { baseUrl, test } from "./support/browser";

// axe-core's rules for WCAG 2.1 A and AA, and heading levels that do not skip, run in the page as a
// shopper's browser renders it.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

async function violationsOn(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      rules: { "heading-order": { enabled: true } },
    });
    return result.violations;
  });
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

async function firstDealPath(): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/deal-dashes`)).text();
  return html.match(/href="(\/deals\/[a-z0-9-]+)"/)![1]!;
}

describe("accessibility (axe, WCAG 2.1 AA)", () => {
  test("the check itself reports a picture without alternative text and a skipped heading level", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() =>
      document.querySelector("main")!.append(Object.assign(document.createElement("img"), { src: "/favicon.svg" })),
    );
    await page.evaluate(() =>
      document.querySelector("main")!.append(Object.assign(document.createElement("h5"), { textContent: "Skipped" })),
    );
    expect((await violationsOn(page)).map((violation) => violation.split(":")[0])).toEqual(
      expect.arrayContaining(["image-alt", "heading-order"]),
    );
  });

  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`home, Deal Dashes, a deal page, a store page and coupons have no violations on ${viewport.name}`, async ({
      openPage,
    }) => {
      const { page } = await openPage({ viewport });
      const found: string[] = [];
      for (const path of [
        "/",
        "/deal-dashes",
        await firstDealPath(),
        "/stores/walmart",
        "/stores",
        "/coupons",
        "/buying-guides",
        "/search?q=headphones",
      ]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        found.push(...(await violationsOn(page)).map((violation) => `${path} ${violation}`));
      }
      expect(found).toEqual([]);
    });
  }

  test("the admin's dashboard and a list have no violations (the sidebar's words included)", async ({
    adminPage: page,
  }) => {
    const found: string[] = [];
    for (const path of ["/admin", "/admin/jobs", "/admin/sourcing", "/admin/sourcing/sources", "/admin/earnings"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      found.push(...(await violationsOn(page)).map((violation) => `${path} ${violation}`));
    }
    expect(found).toEqual([]);
  });

  test("public pages are valid HTML by html-validate's recommended rules", async () => {
    // React writes attributes in its own spelling (charSet, <meta/>, required=""): those style rules are off.
    const validator = new HtmlValidate({
      extends: ["html-validate:recommended"],
      rules: { "attr-case": "off", "void-style": "off", "attribute-boolean-style": "off" },
    });
    const found: string[] = [];
    for (const path of [
      "/",
      "/deal-dashes",
      "/coupons",
      "/gift-ideas",
      "/buying-guides",
      "/buying-guides/best-noise-cancelling-headphones",
      "/stores",
      "/stores/bestbuy",
      "/search?q=tv",
      "/contact",
      "/submit-a-deal",
      "/privacy",
      "/alerts/new",
    ]) {
      const report = await validator.validateString(await (await fetch(baseUrl() + path)).text());
      found.push(
        ...report.results.flatMap((result) =>
          result.messages.map((message) => `${path} ${message.ruleId}: ${message.message}`),
        ),
      );
    }
    expect(found).toEqual([]);
  });
});
