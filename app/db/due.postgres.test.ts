import { count, lte, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";

import { testDatabasePerFile } from "../../tests/support/test-database";
import { dueBy } from "./due.server";
import { mailOutbox } from "./schema";

// PostgreSQL keeps times to the microsecond and JavaScript's Date to the millisecond, so a row the server
// stamped a moment ago can lie after a Date taken in the same millisecond: the mail and webhook senders
// would leave it for their next run. Here that moment is made to happen every time. (An in-process PGlite
// reads the test's own clock, so this is PostgreSQL's case only.)

const database = testDatabasePerFile();

it("counts a row the database stamped a moment ago as due, where a Date of the same millisecond would not", async () => {
  const { db } = database();
  await db.insert(mailOutbox).values({
    to: "shopper@example.com",
    subject: "Confirm",
    text: "Hello",
    html: "<p>Hello</p>",
    headers: {},
    purpose: "confirm",
    state: "queued",
    // Passed by the server's clock, half a millisecond after a whole one.
    nextAttemptAt: sql`date_trunc('milliseconds', now()) - interval '999500 microseconds'`,
  });
  const [row] = await db.select().from(mailOutbox);
  const dueRows = async (condition: ReturnType<typeof lte>) =>
    (await db.select({ n: count() }).from(mailOutbox).where(condition))[0]!.n;

  vi.useFakeTimers({ toFake: ["Date"], now: row!.nextAttemptAt });
  try {
    expect(await dueRows(lte(mailOutbox.nextAttemptAt, new Date()))).toBe(0);
    expect(await dueRows(dueBy(mailOutbox.nextAttemptAt))).toBe(1);
  } finally {
    vi.useRealTimers();
  }
});
