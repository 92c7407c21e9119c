import { describe, expect, it } from "vitest";

import { sourcingCandidates } from "#app/db/schema";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// The review queue as the owner reads it: what a coupon candidate offers, in the site's words.

const served = servedInProcessApp();

describe("the review queue", () => {
  it("names a coupon candidate's discount once: '13% OFF', '$5 OFF', or no code", async () => {
    const candidate = (n: number, fields: Partial<typeof sourcingCandidates.$inferInsert>) => ({
      source: "feed" as const,
      kind: "coupon" as const,
      dedupeKey: `queue-words-${n}`,
      url: `https://shop.example/coupon-${n}`,
      title: `Queue words ${n}`,
      ...fields,
    });
    await served()
      .app.db.insert(sourcingCandidates)
      .values([
        candidate(1, { couponCode: "SPRING13", discountType: "percentage", discountValue: 13 }),
        candidate(2, { discountType: "fixed", discountValue: 5 }),
      ]);
    const cookie = await signInOverHttp(served().url, ADMIN);
    // React marks where one text ends and the next begins: read the words as a person sees them.
    const page = await (await fetch(`${served().url}/admin/sourcing`, { headers: { cookie } })).text();
    const queue = page.replaceAll("<!-- -->", "");
    expect(queue).toContain("SPRING13");
    expect(queue).toContain("13% OFF<");
    expect(queue).toContain("$5 OFF<");
    expect(queue).toContain("No code");
    expect(queue).not.toMatch(/OFF off/i);
  });
});
