import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyingGuides } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";

import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { loader } from "./buying-guide";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));

const load = (slug: string) =>
  loader({
    params: { slug },
    request: new Request(`http://localhost/buying-guides/${slug}`),
    context: testContext(database()),
  } as never);
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Response & { init?: ResponseInit; data?: unknown },
  );

describe("the guide page's loader", () => {
  it("answers /buying-guides/{id} with a 301 to the slug URL", async () => {
    const [guide] = await database()
      .db.select()
      .from(buyingGuides)
      .where(eq(buyingGuides.slug, "how-to-choose-a-tablet"));
    const response = await thrown(load(guide!.id));
    expect(response).toBeInstanceOf(Response);
    expect(response!.status).toBe(301);
    expect(response!.headers.get("location")).toBe("/buying-guides/how-to-choose-a-tablet");
  });

  it("answers 404 for a draft guide's slug and for its id", async () => {
    const [guide] = await database()
      .db.update(buyingGuides)
      .set({ status: "draft" })
      .where(eq(buyingGuides.slug, "how-to-choose-a-tablet"))
      .returning();
    for (const key of [guide!.slug, guide!.id]) {
      const error = await thrown(load(key));
      expect((error as { init?: ResponseInit }).init?.status).toBe(404);
    }
  });

  it("renders published deal tokens as cards and drops tokens of unpublished items", async () => {
    const { data } = (await load("best-noise-cancelling-headphones")) as unknown as {
      data: { segments: Array<{ type: string; kind?: string }> };
    };
    expect(data.segments.filter((s) => s.type === "card" && s.kind === "deal")).toHaveLength(2);
    expect(JSON.stringify(data.segments)).not.toContain("[deal:");
  });
});
