import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactMessages } from "#app/db/schema";
import {
  ALERT_LIMIT,
  CONTACT_LIMIT,
  NEWSLETTER_LIMIT,
  PASSKEY_SIGN_IN_LIMIT,
} from "#app/modules/rate-limit/rate-limit.server";
import { MAX_FAILURES_PER_EMAIL_AND_IP } from "#app/modules/users/login-attempts.server";

import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// A limit holds when 50 posts arrive at once from one visitor, not only when they come one by one: each
// check and its record are one step.

const served = servedInProcessApp();
const AT_ONCE = 50;

async function burst(path: string, body: () => Record<string, string>): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, () =>
      fetch(served().url + path, { method: "POST", redirect: "manual", body: new URLSearchParams(body()) }),
    ),
  );
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  return answers.map((answer) => answer.status);
}
const accepted = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

describe("rate limits under a burst", () => {
  it("accept no more contact messages, sign-ups or alerts than the limit, and store no more", async () => {
    const before = await served().app.db.select({ n: count() }).from(contactMessages);
    const contact = await burst("/contact", () => ({
      name: "Burst",
      email: "burst@example.com",
      message: "A message sent fifty times at once.",
    }));
    expect(accepted(contact)).toBe(CONTACT_LIMIT.max);
    const after = await served().app.db.select({ n: count() }).from(contactMessages);
    expect(after[0]!.n - before[0]!.n).toBe(CONTACT_LIMIT.max);

    let n = 0;
    expect(accepted(await burst("/newsletter/subscribe", () => ({ email: `burst${n++}@example.com` })))).toBe(
      NEWSLETTER_LIMIT.max,
    );
    expect(accepted(await burst("/alerts/new", () => ({ email: `alert${n++}@example.com`, keywords: "tv" })))).toBe(
      ALERT_LIMIT.max,
    );
  });

  it("check no more wrong passwords at once than the sign-in limit allows", async () => {
    const statuses = await burst("/admin/login", () => ({ email: ADMIN.email, password: "not the password" }));
    expect(statuses.filter((status) => status === 401).length).toBe(MAX_FAILURES_PER_EMAIL_AND_IP);
    expect(statuses.filter((status) => status === 429).length).toBe(AT_ONCE - MAX_FAILURES_PER_EMAIL_AND_IP);
  });

  it("start no more passkey sign-ins from one address at once than the limit", async () => {
    const statuses = await burst("/admin/login/passkey", () => ({ intent: "options" }));
    expect(statuses.filter((status) => status === 200).length).toBe(PASSKEY_SIGN_IN_LIMIT.max);
    expect(accepted(statuses)).toBe(PASSKEY_SIGN_IN_LIMIT.max);
  });
});
