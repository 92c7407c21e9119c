import { and, eq, sql } from "drizzle-orm";

import { type Database, type Executor, queryRows } from "#app/db/client.server";
import { currencyRates } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import type { ImportLine, ImportReport } from "#app/lib/csv-import-report";
import { isCurrency, plainNumber } from "#app/lib/money";
import { isDay } from "#app/modules/analytics/analytics-view";
import { recordAudit } from "#app/modules/audit/audit.server";
import { readSiteMoney } from "#app/modules/site-settings/money.server";
import { unescapeFormula } from "#app/platform/csv.server";
import { csvLineChunks, ImportFileError } from "#app/platform/csv-upload.server";
import { ImportReportWriter } from "#app/platform/import-report.server";

// Transactions in other currencies, converted to the site's at the rate of their day (docs/earnings.md):
// the owner gives the rates, as a fixed rate per currency or a file of dated rates (no outside service).
// Each transaction keeps its network's amounts; its converted ones are what the reports add.

/** A fixed rate's date: any dated rate of the pair takes over from its own day on. */
export const FIXED_RATE_FROM = "1970-01-01";
const BATCH = 5000;

/**
 * Which transactions a pass converts: those converted into an earlier site currency (each batch leaves
 * the set, so it needs no order), those never converted (new, or changed by a re-import), or one currency's
 * (its rates changed). The last two are read in id order from `after`. Each is an index range.
 */
type Scope = { stale: true } | { fresh: true } | { currency: string };

function scopeOf(scope: Scope, site: string, after: string) {
  if ("stale" in scope) return sql`(site_currency < ${site} OR site_currency > ${site})`;
  const which =
    "fresh" in scope
      ? sql`site_commission IS NULL AND site_currency IS NULL`
      : sql`site_currency = ${site} AND currency = ${scope.currency}`;
  return sql`${which} AND id > ${after}::uuid ORDER BY id`;
}

/** Converts one batch of the scope's transactions; returns their ids and whether each had a rate. */
async function convertBatch(db: Executor, site: string, scope: Scope, after: string) {
  return queryRows<{ id: string; converted: boolean }>(
    db,
    sql`
    WITH todo AS (SELECT id FROM earnings WHERE ${scopeOf(scope, site, after)} LIMIT ${BATCH}),
    rated AS (
      SELECT e.id, CASE WHEN e.currency = ${site} THEN 1::numeric ELSE (
        SELECT r.rate FROM currency_rates r
        WHERE r.base = e.currency AND r.quote = ${site}
          AND r.valid_from <= (e.transacted_at AT TIME ZONE 'UTC')::date
        ORDER BY r.valid_from DESC LIMIT 1) END AS rate
      FROM earnings e JOIN todo ON todo.id = e.id
    )
    UPDATE earnings e SET site_currency = ${site},
      site_commission = round(e.commission * rated.rate, 2),
      site_sale_amount = round(e.sale_amount * rated.rate, 2)
    FROM rated WHERE e.id = rated.id
    RETURNING e.id::text AS id, e.site_commission IS NOT NULL AS converted`,
  );
}

/**
 * Brings every transaction's converted amounts up to date: those in an earlier site currency and those
 * never converted, or, given `currency`, all of that currency (its rates changed). A transaction without a
 * rate for its day waits (null amounts) until its currency's rates change. A batch at a time, so no
 * statement holds the embedded database long. Returns how many of those it read have a rate, and how many
 * wait for one.
 */
export async function convertEarnings(db: Executor, only?: { currency: string }) {
  const site = (await readSiteMoney(db)).currency;
  const counts = { converted: 0, waiting: 0 };
  const scopes: Scope[] = only ? [only] : [{ stale: true }, { fresh: true }];
  for (const scope of scopes) {
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await convertBatch(db, site, scope, after);
      for (const row of rows) counts[row.converted ? "converted" : "waiting"] += 1;
      if (rows.length < BATCH) break;
      after = rows.reduce((last, row) => (row.id > last ? row.id : last), after);
    }
  }
  return counts;
}

/** A currency's rates into the site's, and its transactions waiting for one, for the earnings page. */
export interface CurrencyRates {
  currency: string;
  fixed: number | null;
  dated: { count: number; from: string | null; to: string | null };
  waiting: number;
}

/**
 * The currencies with rates into the site's currency or transactions waiting for one. The waiting ones are
 * read through the index of transactions without converted amounts, which holds only those.
 */
export async function currencyRatesSummary(db: Executor): Promise<CurrencyRates[]> {
  const site = (await readSiteMoney(db)).currency;
  const rows = await queryRows<{
    currency: string;
    fixed: string | null;
    dated: number;
    from: string | null;
    to: string | null;
    waiting: number;
  }>(
    db,
    sql`
    WITH rated AS (
      SELECT base AS currency,
        max(rate) FILTER (WHERE valid_from = ${FIXED_RATE_FROM}::date)::text AS fixed,
        count(*) FILTER (WHERE valid_from <> ${FIXED_RATE_FROM}::date)::int AS dated,
        min(valid_from) FILTER (WHERE valid_from <> ${FIXED_RATE_FROM}::date)::text AS "from",
        max(valid_from) FILTER (WHERE valid_from <> ${FIXED_RATE_FROM}::date)::text AS "to"
      FROM currency_rates WHERE quote = ${site} GROUP BY base
    ), waiting AS (
      SELECT currency, count(*)::int AS waiting FROM earnings
      WHERE site_commission IS NULL AND (site_currency IS NULL OR site_currency = ${site}) AND currency <> ${site}
      GROUP BY currency
    )
    SELECT coalesce(rated.currency, waiting.currency) AS currency, rated.fixed, coalesce(rated.dated, 0) AS dated,
      rated."from", rated."to", coalesce(waiting.waiting, 0) AS waiting
    FROM rated FULL JOIN waiting ON waiting.currency = rated.currency
    ORDER BY 1`,
  );
  return rows.map((row) => ({
    currency: row.currency,
    fixed: row.fixed === null ? null : Number(row.fixed),
    dated: { count: row.dated, from: row.from, to: row.to },
    waiting: row.waiting,
  }));
}

/** Why a rate for `currency` cannot be kept, or null when it can. */
function currencyProblem(currency: string, site: string): string | null {
  if (!isCurrency(currency)) return `"${currency}" is not a currency code`;
  if (currency === site) return `${currency} is the site's own currency`;
  return null;
}

/**
 * Sets (or, with null, removes) the fixed rate of `currency` into the site's currency, and converts that
 * currency's transactions again. Returns why it could not, or null.
 */
export async function setFixedRate(
  db: Database,
  currency: string,
  rate: number | null,
  actor: Actor,
): Promise<string | null> {
  const site = (await readSiteMoney(db)).currency;
  const problem = currencyProblem(currency, site);
  if (problem) return problem;
  await db.transaction(async (tx) => {
    const pair = and(
      eq(currencyRates.base, currency),
      eq(currencyRates.quote, site),
      eq(currencyRates.validFrom, FIXED_RATE_FROM),
    );
    if (rate === null) await tx.delete(currencyRates).where(pair);
    else
      await tx
        .insert(currencyRates)
        .values({ base: currency, quote: site, validFrom: FIXED_RATE_FROM, rate })
        .onConflictDoUpdate({
          target: [currencyRates.base, currencyRates.quote, currencyRates.validFrom],
          set: { rate },
        });
    await recordAudit(tx, { action: "earnings", actor, detail: { did: "rate", title: currency, rate, quote: site } });
  });
  await convertEarnings(db, { currency });
  return null;
}

const RATE_COLUMNS = { date: ["date", "day"], currency: ["currency", "code", "currency code"], rate: ["rate"] };

/**
 * A file of dated rates ("Date,Currency,Rate": 1 unit of the currency in the site's currency from that
 * day on), read as the content import reads its files: every line checked, refused with why, the rest
 * kept (each currency's transactions converted again); with `dryRun` nothing is written.
 */
export async function importRatesCsv(
  db: Database,
  actor: Actor,
  bytes: AsyncIterable<Uint8Array>,
  run: { dryRun: boolean; onProgress?: (done: number) => void },
): Promise<ImportReport> {
  const site = (await readSiteMoney(db)).currency;
  const report = new ImportReportWriter();
  const touched = new Set<string>();
  for await (const chunk of csvLineChunks(bytes, 1000)) {
    const column = Object.fromEntries(
      Object.entries(RATE_COLUMNS).map(([part, names]) => [
        part,
        chunk.headers.find((header) => names.includes(header.toLowerCase())),
      ]),
    ) as Record<keyof typeof RATE_COLUMNS, string | undefined>;
    if (!column.date || !column.currency || !column.rate)
      throw new ImportFileError("A rates file has the columns Date, Currency and Rate.");
    const firstLine = report.startChunk(chunk);
    const lines = chunk.lines.map((cells, index) => {
      const cell = (header: string) => unescapeFormula((cells[header] ?? "").trim());
      const [day, currency, rateText] = [cell(column.date!), cell(column.currency!).toUpperCase(), cell(column.rate!)];
      const plain = plainNumber(rateText);
      const problems = [
        isDay(day) ? null : `${column.date}: "${day}" is not a date (year-month-day)`,
        currencyProblem(currency, site) && `${column.currency}: ${currencyProblem(currency, site)}`,
        plain !== null && Number(plain) > 0 && Number(plain) < 1e9
          ? null
          : `${column.rate}: "${rateText}" is not a rate`,
      ].filter(Boolean);
      return { line: firstLine + index, day, currency, rate: Number(plain), problems, title: `${currency} on ${day}` };
    });
    const good = lines.filter((line) => line.problems.length === 0);
    const stored = new Map(
      good.length === 0
        ? []
        : (
            await queryRows<{ key: string; rate: string }>(
              db,
              sql`SELECT base || ' ' || valid_from::text AS key, rate::text AS rate FROM currency_rates
                  WHERE quote = ${site} AND (base, valid_from) IN (
                    SELECT x.base, x.day::date FROM jsonb_to_recordset(${JSON.stringify(good.map((line) => ({ base: line.currency, day: line.day })))}::jsonb) AS x(base text, day text))`,
            )
          ).map((row) => [row.key, Number(row.rate)]),
    );
    const writes: Array<typeof currencyRates.$inferInsert> = [];
    for (const line of lines) {
      const title = `${line.title}: ${Number.isFinite(line.rate) ? line.rate : "?"}`;
      let noted: ImportLine;
      if (line.problems.length > 0)
        noted = { line: line.line, action: "refuse", title, reason: `${line.problems.join("; ")}.` };
      else {
        const before = stored.get(`${line.currency} ${line.day}`);
        noted =
          before === undefined
            ? { line: line.line, action: "create", title }
            : before === line.rate
              ? { line: line.line, action: "unchanged", title }
              : {
                  line: line.line,
                  action: "update",
                  title,
                  changes: [{ column: column.rate!, before: String(before), after: String(line.rate) }],
                };
        if (noted.action !== "unchanged") {
          stored.set(`${line.currency} ${line.day}`, line.rate);
          writes.push({ base: line.currency, quote: site, validFrom: line.day, rate: line.rate });
          touched.add(line.currency);
        }
      }
      report.note(noted, chunk.lines[line.line - firstLine]);
    }
    if (!run.dryRun && writes.length > 0) {
      const latest = [...new Map(writes.map((write) => [`${write.base} ${write.validFrom}`, write])).values()];
      await db
        .insert(currencyRates)
        .values(latest)
        .onConflictDoUpdate({
          target: [currencyRates.base, currencyRates.quote, currencyRates.validFrom],
          set: { rate: sql`excluded.rate` },
        });
    }
    run.onProgress?.(report.endChunk(chunk));
  }
  const done = report.finish();
  if (!run.dryRun) {
    for (const currency of touched) await convertEarnings(db, { currency });
    await recordAudit(db, { action: "earnings", actor, detail: { did: "rates", counts: done.counts, quote: site } });
  }
  return done;
}
