import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { sourcingCandidates } from "#app/db/schema";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// Shoppers' tips end to end over HTTP: the public form queues a deal for review (once per offer, with its
// limit per visitor), the admin's queue lists it, and a rejection takes it off the queue.

const served = servedInProcessApp();

const submit = (fields: Record<string, string>) =>
  fetch(`${served().url}/submit-a-deal`, { method: "POST", body: new URLSearchParams(fields) });

describe("shoppers' tips", () => {
  it("wait in the review queue, once per offer, until the owner rejects them; the site shows nothing of them", async () => {
    const tip = {
      url: "https://shop.example/drone-4k?utm_source=forum",
      title: "Camera drone 4K",
      price: "$1,099.99",
      note: "Half price today only",
    };
    const first = await submit(tip);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Your deal is waiting for our review");
    const again = await submit({ ...tip, url: "https://www.shop.example/drone-4k/?fbclid=abc" });
    expect(await again.text()).toContain("Someone has already sent us this deal");

    const invalid = await submit({ url: "javascript:alert(1)", title: "x", price: "lots" });
    expect(invalid.status).toBe(400);
    const page = await invalid.text();
    expect(page).toContain("Enter a full URL starting with http:// or https://");
    expect(page).toContain("Please enter a price, like 19.99");
    // What was typed comes back with the messages.
    expect(page).toContain('value="lots"');

    const cookie = await signInOverHttp(served().url, ADMIN);
    const queue = await (await fetch(`${served().url}/admin/sourcing`, { headers: { cookie } })).text();
    expect(queue).toContain("Camera drone 4K");
    expect(queue).toContain("$1,099.99");
    expect(queue).toContain("Half price today only");
    // Its Edit opens the deal form filled from the tip (it led to a 404 once: Approve on a tip says "use Edit").
    const edit = queue.match(/href="(\/admin\/(?:deals|coupons)\/[^"]*candidate=[^"]*)"/)?.[1];
    expect(edit).toBeDefined();
    const form = await fetch(served().url + edit!.replaceAll("&amp;", "&"), { headers: { cookie } });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('value="Camera drone 4K"');
    // Nothing of it is public.
    expect(await (await fetch(`${served().url}/search?q=drone%204K`)).text()).not.toContain("Camera drone 4K");

    const [candidate] = await served()
      .app.db.select()
      .from(sourcingCandidates)
      .where(eq(sourcingCandidates.title, "Camera drone 4K"));
    const reject = (reason: string) =>
      fetch(`${served().url}/admin/sourcing`, {
        method: "POST",
        headers: { cookie, origin: served().url },
        body: new URLSearchParams({ intent: "reject", id: candidate!.id, reason }),
        redirect: "manual",
      });
    expect((await reject("")).headers.get("set-cookie")).toContain("dealdash_toast=");
    expect(
      (await served().app.db.select().from(sourcingCandidates).where(eq(sourcingCandidates.id, candidate!.id)))[0]!
        .status,
    ).toBe("pending");
    await reject("Not a real saving");
    const after = await (await fetch(`${served().url}/admin/sourcing`, { headers: { cookie } })).text();
    expect(after).not.toContain("Camera drone 4K");
    expect(after).toContain("No deals are waiting for review.");
  });

  it("turn a visitor away after five tips an hour, keeping what they typed", async () => {
    const answers: number[] = [];
    for (let n = 0; n < 5; n++)
      answers.push((await submit({ url: `https://shop.example/p/${n}`, title: `Tip ${n}` })).status);
    const limited = await submit({ url: "https://shop.example/p/6", title: "One too many" });
    // The first test's two accepted tips counted too (a refused form does not): three more get through.
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    expect(limited.status).toBe(429);
    const page = await limited.text();
    expect(page).toContain("You have sent several deals in a short time");
    expect(page).toContain('value="One too many"');
  });

  it("are refused to a visitor without a session", async () => {
    const response = await fetch(`${served().url}/admin/sourcing`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/admin/login");
  });
});
