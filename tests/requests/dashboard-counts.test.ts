import { describe, expect, it } from "vitest";

import { demoCoupons, demoDeals, demoGiftIdeas, demoGuides } from "#app/db/seed/demo-content";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// The dashboard's counts are the database's, not a guess: on the demo content (what each request file starts
// from), each card shows the demo's number. The browser test signs in and out on a shared server whose
// content other files change, so the numbers are checked here.

const served = servedInProcessApp();

const published = <T extends { status?: string }>(rows: T[]) =>
  rows.filter((row) => (row.status ?? "published") === "published").length;

describe("the dashboard", () => {
  it("shows the demo content's counts", async () => {
    const cookie = await signInOverHttp(served().url, ADMIN);
    const html = await (await fetch(`${served().url}/admin`, { headers: { cookie } })).text();
    const count = (label: string) => html.match(new RegExp(`data-testid="count-${label}"[^>]*>([^<]*)<`))?.[1];
    expect({
      deals: count("Total Deals"),
      publishedDeals: count("Published Deals"),
      coupons: count("Total Coupons"),
      publishedCoupons: count("Published Coupons"),
      gifts: count("Gift Ideas"),
      guides: count("Buying Guides"),
    }).toEqual({
      deals: String(demoDeals.length),
      publishedDeals: String(published(demoDeals)),
      coupons: String(demoCoupons.length),
      publishedCoupons: String(demoCoupons.length),
      gifts: String(demoGiftIdeas.length),
      guides: String(demoGuides.length),
    });
  });
});
