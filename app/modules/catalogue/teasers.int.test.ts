import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { readTeasers } from "#app/modules/content-types/teasers.server";
import { titleColumnOf } from "#app/modules/content-types/words";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { faces } from "./faces";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

describe("teasers", () => {
  it("name every type's rows by title and DealDash page, in the order asked, leaving out ids not stored", async () => {
    for (const face of faces) {
      const rows = await db()
        .select({ id: face.table.id, title: titleColumnOf(face) })
        .from(face.table)
        .orderBy(sql`${face.table.id} desc`)
        .limit(2);
      expect(rows.length, face.key).toBe(2);
      const missing = "00000000-0000-4000-8000-000000000000";
      const teasers = await readTeasers(db(), face, [rows[0]!.id as string, missing, rows[1]!.id as string]);
      expect(
        teasers.map(({ id, title }) => ({ id, title })),
        face.key,
      ).toEqual(rows);
      for (const teaser of teasers) expect(teaser.path, face.key).toMatch(/^\/[a-z-]+\/[^/]+$/);
    }
  });

  it("say a deal's price and store, but neither price nor picture of an Amazon deal", async () => {
    const [own, other] = await db()
      .select()
      .from(deals)
      .where(and(isNull(deals.amazonAsin), isNotNull(deals.storeId), isNotNull(deals.imageUrl)))
      .limit(2);
    const [amazon] = await db()
      .update(deals)
      .set({ amazonAsin: "B0TEASER01" })
      .where(eq(deals.id, other!.id))
      .returning();
    const [ownTeaser, amazonTeaser] = await readTeasers(db(), faces[0], [own!.id, amazon!.id]);
    expect(ownTeaser!.summary).toMatch(/^\$[\d,]+\.\d\d at \S/);
    expect(ownTeaser!.image).toBe(own!.imageUrl);
    expect(amazonTeaser!.summary).not.toMatch(/\$/);
    expect(amazonTeaser!.image).toBeNull();
  });
});
