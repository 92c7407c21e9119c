import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contentRevisions, deals } from "#app/db/schema";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// An item's revisions as the owner reads them: each version named by its moment.

const served = servedInProcessApp();

describe("the revisions page", () => {
  it("tells two saves within a minute apart, to the second", async () => {
    const { app, url } = served();
    const [deal] = await app.db.select({ id: deals.id }).from(deals).where(eq(deals.status, "published")).limit(1);
    const save = (at: string, title: string) => ({
      kind: "deal",
      itemId: deal!.id,
      createdAt: new Date(at),
      actorEmail: ADMIN.email,
      snapshot: { title },
      changes: [{ field: "title", before: "Before", after: title }],
    });
    await app.db
      .insert(contentRevisions)
      .values([save("2026-11-20T10:15:05Z", "First take"), save("2026-11-20T10:15:40Z", "Second take")]);
    const cookie = await signInOverHttp(url, ADMIN);
    const page = await (await fetch(`${url}/admin/deals/revisions/${deal!.id}`, { headers: { cookie } })).text();
    const versions = [...page.matchAll(/aria-label="Version of ([^"]+)"/g)].map((match) => match[1]);
    expect(versions).toEqual(
      expect.arrayContaining(["Nov 20, 2026, 10:15:40 AM UTC", "Nov 20, 2026, 10:15:05 AM UTC"]),
    );
  });
});
