import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, earnings, earningsSources } from "#app/db/schema";

import { cjCommission, FAKE_CJ, type FakeCj, startFakeCj } from "../../../tests/support/fake-cj";
import { FAKE_IMPACT, type FakeImpact, impactAction, startFakeImpact } from "../../../tests/support/fake-impact";
import { actor, clickOnADeal, seedDemoWithActor } from "../../../tests/support/fixtures";
import { fakeConnection, readAllEarnings } from "../../../tests/support/source-reads";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { cjEarningsAdapter } from "./cj-commissions.server";
import { earningsSourceForms } from "./earnings-settings";
import { runDueEarningsSources, saveEarningsSource } from "./earnings-sources.server";
import { impactEarningsAdapter } from "./impact-actions.server";

// CJ's commissions and Impact's actions, each spoken by a local fake, and the scheduled runs that land
// them in `earnings`.

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;

let cj: FakeCj;
let impact: FakeImpact;
beforeAll(async () => {
  cj = await startFakeCj();
  impact = await startFakeImpact();
});
afterAll(async () => {
  await cj.close();
  await impact.close();
});

const range = { from: new Date("2026-10-10T00:00:00Z"), to: new Date("2026-11-26T00:00:00Z") };
const APP_SECRET = "a".repeat(32);

describe("CJ's commissions", () => {
  const read = (secret: string | null = FAKE_CJ.token) =>
    readAllEarnings(cjEarningsAdapter, { companyId: FAKE_CJ.companyId }, fakeConnection(cj.url, secret), range);

  it("are read a month and a batch at a time, corrections as commissions of their own", async () => {
    const { click } = await clickOnADeal(db(), { placement: "card" });
    cj.commissions = [
      cjCommission(1, { shopperId: click.id }),
      cjCommission(2, { actionStatus: "locked", postingDate: "2026-10-15T00:00:00Z" }),
      cjCommission(3, { actionStatus: "closed" }),
      // The correction of 2: money taken back, posted later.
      cjCommission(4, {
        actionStatus: "locked",
        original: false,
        pubCommissionAmountUsd: "-4.80",
        saleAmountUsd: "-80.00",
      }),
      cjCommission(5, { validationStatus: "DECLINED" }),
      cjCommission(6, { actionStatus: "mystery" }),
      cjCommission(7, { postingDate: "2026-09-01T00:00:00Z" }), // before the range
    ];
    cj.pageSize = 2;
    cj.requests.length = 0;
    const { reported, refused } = await read();
    // 47 days: two ranges of at most 31 days; the second range's five commissions in batches of two.
    expect(cj.requests.map(({ since, after }) => [since, after])).toEqual([
      ["2026-10-10T00:00:00.000Z", null],
      ["2026-11-10T00:00:00.000Z", null],
      ["2026-11-10T00:00:00.000Z", "3000000003"],
      ["2026-11-10T00:00:00.000Z", "3000000005"],
    ]);
    expect(refused).toEqual(['Commission 3000000006: unknown status "mystery"']);
    expect(reported.map((earning) => [earning.externalId, earning.status, earning.commission])).toEqual([
      ["3000000002", "approved", 4.8],
      ["3000000001", "pending", 4.8],
      ["3000000003", "paid", 4.8],
      ["3000000004", "approved", -4.8],
      ["3000000005", "declined", 4.8],
    ]);
    expect(reported[1]).toMatchObject({ currency: "USD", saleAmount: 80, subId: click.id });
  });

  it("say why when the token is refused, CJ is busy, or the query is refused", async () => {
    cj.pageSize = 10_000;
    await expect(read("wrong")).rejects.toMatchObject({ kind: "credentials" });
    await expect(read(null)).rejects.toMatchObject({ kind: "credentials" });
    cj.busy = true;
    await expect(read())
      .rejects.toMatchObject({ kind: "rate-limited" })
      .finally(() => (cj.busy = false));
    await expect(
      readAllEarnings(cjEarningsAdapter, { companyId: "1" }, fakeConnection(cj.url, FAKE_CJ.token), range),
    ).rejects.toMatchObject({ kind: "bad-feed", message: "CJ refused the query: Not authorized for this publisher" });
  });
});

describe("Impact's actions", () => {
  const read = (secret: string | null = FAKE_IMPACT.token) =>
    readAllEarnings(
      impactEarningsAdapter,
      { accountSid: FAKE_IMPACT.accountSid },
      fakeConnection(impact.url, secret),
      range,
    );

  it("are read page by page with their states, payouts and sub-IDs", async () => {
    impact.actions = [
      impactAction(1, { State: "APPROVED" }),
      impactAction(2, { State: "APPROVED", ClearedDate: "2026-11-25T00:00:00-08:00" }),
      impactAction(3, { State: "REVERSED" }),
      impactAction(4, { Payout: "", Currency: "" }),
      impactAction(5, { Currency: "EUR", Payout: "7.25" }),
      // A page of 2,000 and one more.
      ...Array.from({ length: 1996 }, (_, i) => impactAction(100 + i)),
    ];
    impact.queries.length = 0;
    const { reported, refused } = await read();
    // Two ranges of at most 31 days: the first holds none, the second two pages.
    expect(impact.queries.map((query) => [query.get("ActionDateStart"), query.get("Page")])).toEqual([
      ["2026-10-10T00:00:00Z", null],
      ["2026-11-10T00:00:00Z", null],
      ["2026-11-10T00:00:00Z", "2"],
    ]);
    expect(refused).toEqual(["Action 1000.4004.7004: no payout"]);
    expect(reported).toHaveLength(2000);
    expect(reported.slice(0, 4).map((earning) => [earning.status, earning.commission, earning.currency])).toEqual([
      ["approved", 6, "USD"],
      ["paid", 6, "USD"],
      ["declined", 6, "USD"],
      ["pending", 7.25, "EUR"],
    ]);
    expect(reported[0]).toMatchObject({
      saleAmount: 120,
      subId: "ref-1",
      transactedAt: new Date("2026-11-20T18:02:00Z"),
      clickedAt: new Date("2026-11-20T17:55:00Z"),
    });
    await expect(read("wrong")).rejects.toMatchObject({ kind: "credentials" });
  });
});

describe("an earnings source", () => {
  it("imports on its schedule, re-reads its last days without counting twice, and says what went wrong", async () => {
    const { click, deal } = await clickOnADeal(db(), { placement: "card" });
    // Yesterday's, within the days each run reads again.
    const yesterday = {
      eventDate: new Date(Date.now() - 86_400_000).toISOString(),
      postingDate: new Date().toISOString(),
    };
    const recent = (n: number, values: Record<string, unknown> = {}) => cjCommission(n, { ...yesterday, ...values });
    cj.pageSize = 10_000;
    cj.commissions = [recent(11, { shopperId: click.id }), recent(12)];
    const input = earningsSourceForms.cj.parse({
      name: "CJ account",
      everyMinutes: "360",
      lookBackDays: 60,
      enabled: true,
      token: FAKE_CJ.token,
      settings: { companyId: FAKE_CJ.companyId },
    });
    const id = (await saveEarningsSource(db(), APP_SECRET, { network: "cj" }, input, actor))!;
    const [stored] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(stored!.secret).not.toContain(FAKE_CJ.token);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'id' = ${id}`);
    expect(JSON.stringify(audit!.detail)).not.toContain(FAKE_CJ.token);
    const now = new Date();

    const context = {
      appSecret: APP_SECRET,
      allowPrivate: true,
      timeoutMs: 10_000,
      paceMs: 0,
      endpoints: { cj: cj.url },
    };
    expect(await runDueEarningsSources(db(), context, now)).toEqual({ ran: 1, added: 2, converted: 2, waiting: 0 });
    const [ran] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(ran).toMatchObject({
      lastCounts: { added: 2, updated: 0, unchanged: 0, unattributed: 1, refused: 0 },
      lastError: null,
      progress: null,
    });
    expect(ran!.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 359 * 60_000);
    const [mine] = await db().select().from(earnings).where(eq(earnings.subId, click.id));
    expect(mine).toMatchObject({ network: "cj", itemId: deal.id, placement: "card", commission: 4.8 });

    // Not due: nothing runs. Due again after CJ locked one: one update, no new row.
    expect(await runDueEarningsSources(db(), context, now)).toEqual({ ran: 0, added: 0, converted: 0, waiting: 0 });
    cj.commissions[0] = recent(11, { shopperId: click.id, actionStatus: "locked" });
    await db().update(earningsSources).set({ nextRunAt: now }).where(eq(earningsSources.id, id));
    expect(await runDueEarningsSources(db(), context, now)).toEqual({ ran: 1, added: 0, converted: 1, waiting: 0 });
    const [again] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(again!.lastCounts).toEqual({ added: 0, updated: 1, unchanged: 1, unattributed: 0, refused: 0 });
    const [total] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number), sum: sql<string>`sum(${earnings.commission})` })
      .from(earnings)
      .where(eq(earnings.network, "cj"));
    expect(total).toEqual({ n: 2, sum: "9.60" });

    // CJ busy: the next run waits as long as it asked.
    cj.busy = true;
    await db().update(earningsSources).set({ nextRunAt: now }).where(eq(earningsSources.id, id));
    await runDueEarningsSources(db(), context, now).finally(() => (cj.busy = false));
    const [waited] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(waited!.lastError).toBe("CJ asked us to slow down (429 Too Many Requests)");
    expect(waited!.nextRunAt!.getTime()).toBeLessThan(Date.now() + 5 * 60_000);

    // A token CJ refuses is said on the source.
    await saveEarningsSource(db(), APP_SECRET, { id, network: "cj" }, { ...input, token: "wrong" }, actor);
    await db().update(earningsSources).set({ nextRunAt: now }).where(eq(earningsSources.id, id));
    await runDueEarningsSources(db(), context, now);
    const [refused] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(refused!.lastError).toBe("CJ refused the credentials (401 Unauthorized): check them");
  });
});
