import { sql } from "drizzle-orm";

import { type Executor, queryRows } from "#app/db/client.server";
import { type earningStatus } from "#app/db/schema";

// Network transactions into `earnings`: one row per network and transaction id, its status and amounts
// moved by each re-import (never counted twice), attributed to the click its sub-ID names when that click
// is known. Every adapter and the CSV upload end here.

export type EarningStatus = (typeof earningStatus.enumValues)[number];

/** A transaction as a network reports it, in its own currency. */
export interface ReportedEarning {
  externalId: string;
  status: EarningStatus;
  saleAmount: number | null;
  commission: number;
  currency: string;
  transactedAt: Date;
  clickedAt: Date | null;
  subId: string | null;
}

export interface EarningsImportCounts {
  added: number;
  updated: number;
  unchanged: number;
  /** Of those added or updated, how many name no click of ours. */
  unattributed: number;
}

const BATCH = 1000;
const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** Upserts one network's transactions; the last report of a transaction id in `reported` wins. */
export async function importEarnings(
  db: Executor,
  network: string,
  reported: ReportedEarning[],
): Promise<EarningsImportCounts> {
  const latest = [...new Map(reported.map((earning) => [earning.externalId, earning])).values()];
  const counts: EarningsImportCounts = { added: 0, updated: 0, unchanged: 0, unattributed: 0 };
  for (let start = 0; start < latest.length; start += BATCH) {
    const batch = latest.slice(start, start + BATCH);
    const rows = await queryRows<{ added: boolean; unattributed: boolean }>(db, upsert(network, batch));
    for (const row of rows) {
      counts[row.added ? "added" : "updated"] += 1;
      if (row.unattributed) counts.unattributed += 1;
    }
    counts.unchanged += batch.length - rows.length;
  }
  return counts;
}

function upsert(network: string, batch: ReportedEarning[]) {
  const json = JSON.stringify(
    batch.map((earning) => ({
      external_id: earning.externalId,
      status: earning.status,
      sale_amount: earning.saleAmount,
      commission: earning.commission,
      currency: earning.currency,
      transacted_at: earning.transactedAt.toISOString(),
      clicked_at: earning.clickedAt?.toISOString() ?? null,
      sub_id: earning.subId,
    })),
  );
  // What a re-import may change, compared as a whole so an unchanged transaction is not rewritten.
  const reportedFacts = (table: string) =>
    sql.raw(
      ["status", "sale_amount", "commission", "currency", "transacted_at", "clicked_at", "sub_id"]
        .map((column) => `${table}.${column}`)
        .join(", "),
    );
  const attribution = ["click_id", "kind", "item_id", "store_id", "category_id", "placement", "referrer_host"];
  return sql`
    with reported as (
      select * from jsonb_to_recordset(${json}::jsonb) as r(
        external_id text, status earning_status, sale_amount numeric, commission numeric, currency text,
        transacted_at timestamptz, clicked_at timestamptz, sub_id text)
    )
    insert into earnings (network, external_id, status, sale_amount, commission, currency, transacted_at,
      clicked_at, sub_id, click_id, kind, item_id, store_id, category_id, placement, referrer_host)
    select ${network}, r.external_id, r.status, r.sale_amount, r.commission, upper(r.currency), r.transacted_at,
      r.clicked_at, r.sub_id, c.id, c.kind, c.item_id, c.store_id, c.category_id, c.placement, c.referrer_host
    from reported r
    left join clicks c on c.id = case when r.sub_id ~* ${UUID} then r.sub_id::uuid end
    on conflict (network, external_id) do update set
      ${sql.raw(
        [
          "status",
          "sale_amount",
          "commission",
          "currency",
          "transacted_at",
          "clicked_at",
          "sub_id",
          // A click found once stays found, though its raw row has since expired.
          ...attribution.map((column) => `${column} = coalesce(excluded.${column}, earnings.${column})`),
          // Converted again (convertEarnings) at the rate of its day, which may have moved.
          "site_commission = null",
          "site_sale_amount = null",
          "site_currency = null",
        ]
          .map((column) => (column.includes("=") ? column : `${column} = excluded.${column}`))
          .join(", "),
      )},
      updated_at = now()
    where (${reportedFacts("earnings")}) is distinct from (${reportedFacts("excluded")})
       or (earnings.click_id is null and excluded.click_id is not null)
    returning (xmax = 0) as added, click_id is null as unattributed`;
}
