import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers } from "#app/db/schema";

import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { readSubscriberFilters, SUBSCRIBERS_PAGE_SIZE, subscribersCsv, subscribersPage } from "./subscribers.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const start = Date.now();
  await t.db.insert(newsletterSubscribers).values(
    Array.from({ length: 120 }, (_, i) => ({
      email: `reader${i}@example.com`,
      state: (["confirmed", "pending", "unsubscribed"] as const)[i % 3],
      createdAt: new Date(start - i * 60_000),
    })),
  );
});
afterAll(() => t.close());

const page = (query: string) => subscribersPage(t.db, readSubscriberFilters(new URLSearchParams(query)));

describe("the admin's newsletter subscribers", () => {
  it("pages newest first without gaps or repeats, counts each state, filters by state and searches by address", async () => {
    const seen: string[] = [];
    for (let number = 1, more = true; more; number++) {
      const { rows, hasNext } = await page(`page=${number}`);
      expect(rows.length).toBeLessThanOrEqual(SUBSCRIBERS_PAGE_SIZE);
      seen.push(...rows.map((row) => row.email));
      more = hasNext;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `reader${i}@example.com`));
    const { counts } = await page("");
    expect(counts).toEqual({ confirmed: 40, pending: 40, unsubscribed: 40 });
    expect((await page("state=pending")).rows.every((row) => row.state === "pending")).toBe(true);
    expect((await page("q=READER11")).rows.map((row) => row.email).sort()).toEqual(
      ["reader11@example.com", ...Array.from({ length: 10 }, (_, i) => `reader11${i}@example.com`)].sort(),
    );
  });

  it("exports every address with its state as CSV", async () => {
    const rows = parse(await subscribersCsv(t.db), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(120);
    expect(rows.find((row) => row.Email === "reader3@example.com")).toMatchObject({ State: "confirmed" });
  });
});
