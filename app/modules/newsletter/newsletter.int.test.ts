import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { newsletterSubscribers } from "#app/db/schema";
import { newsletterSchema } from "./newsletter.schema";
import { subscribe } from "./newsletter.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

it("stores a lower-cased email once; a repeat subscription is not an error", async () => {
  const { email } = newsletterSchema.parse({ email: "  Shopper@Example.COM " });
  expect(await subscribe(t.db, email)).toEqual({ created: true });
  expect(await subscribe(t.db, "shopper@example.com")).toEqual({ created: false });
  const rows = await t.db.select().from(newsletterSubscribers);
  expect(rows.map((r) => r.email)).toEqual(["shopper@example.com"]);
});

it("rejects an address that is not an email with a clear message", () => {
  const result = newsletterSchema.safeParse({ email: "not-an-email" });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
});
