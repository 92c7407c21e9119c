import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { actor, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { ACTIVITY_PAGE_SIZE, activitySearch, type ActivityView, NO_PERSON, readActivityView } from "./activity";
import { activityPage, activityTypes } from "./activity.server";

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const everything: ActivityView = { person: null, type: null, action: null, before: null };

/** Every row of a view, page after page as the "Older activity" link reads them. */
async function walk(view: ActivityView) {
  const seen: string[] = [];
  let before: ActivityView["before"] = null;
  do {
    const url = new URLSearchParams(activitySearch({ ...view, before }));
    const page = await activityPage(
      db(),
      readActivityView(
        url,
        activityTypes.map((type) => type.value),
      ),
    );
    seen.push(...page.rows.map((row) => row.id));
    before = page.next;
  } while (before);
  return seen;
}

describe("the activity view", () => {
  it("pages through every row once, newest first, rows of one microsecond included", async () => {
    // 130 rows: runs of rows written in the same microsecond, and rows a microsecond apart.
    await db().execute(sql`
      INSERT INTO audit_log (action, actor_id, actor_email, entity, entity_id, detail, created_at)
      SELECT CASE WHEN n % 3 = 0 THEN 'update' ELSE 'create' END,
        CASE WHEN n % 2 = 0 THEN ${actor.id}::uuid END, CASE WHEN n % 2 = 0 THEN ${actor.email} END,
        CASE WHEN n % 5 = 0 THEN 'gift' WHEN n % 5 = 1 THEN 'gift_idea' ELSE 'deal' END,
        gen_random_uuid()::text, jsonb_build_object('title', 'Row ' || n),
        timestamptz '2026-11-20 10:00:00.000001+00' + ((n / 4) * interval '1 microsecond')
      FROM generate_series(1, 130) n`);
    const newestFirst = await db().execute(sql`SELECT id FROM audit_log ORDER BY created_at DESC, id DESC`);
    const walked = await walk(everything);
    expect(walked).toEqual((newestFirst as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
    expect(walked.length).toBeGreaterThan(2 * ACTIVITY_PAGE_SIZE);

    // A type of two entity names (a gift idea's rows say "gift_idea", Needs attention's "gift") reads both.
    const gifts = await walk({ ...everything, type: "gift" });
    const giftRows = await db().execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity IN ('gift', 'gift_idea')`,
    );
    expect(gifts).toHaveLength((giftRows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);

    const byJobs = await walk({ ...everything, person: NO_PERSON, action: "update" });
    const jobRows = await db().execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE actor_id IS NULL AND action = 'update'`,
    );
    expect(byJobs).toHaveLength((jobRows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  });

  it("reads what it cannot understand in the URL as the whole log", () => {
    const types = activityTypes.map((type) => type.value);
    const view = readActivityView(
      new URLSearchParams({
        person: "someone",
        type: "planets",
        action: "drop",
        before: "2026-02-30T10:00:00.000000Z_x",
      }),
      types,
    );
    expect(view).toEqual(everything);
    const feb30 = readActivityView(
      new URLSearchParams({ before: "2026-02-30T10:00:00.000000Z_00000000-0000-4000-8000-000000000001" }),
      types,
    );
    expect(feb30.before).toBeNull();
  });
});
