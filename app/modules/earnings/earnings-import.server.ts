import { type SQL, sql } from "drizzle-orm";

import { type Executor, queryRows } from "#app/db/client.server";
import { type earningStatus } from "#app/db/schema";
import type { Placement } from "#app/lib/placements";

// Network transactions into `earnings`: one row per network and transaction id, its status and amounts
// moved by each re-import (never counted twice), attributed to the click its sub-ID names when that click
// is known, else (Amazon) to the item its ASIN names. Every adapter and the CSV upload end here.

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
  /**
   * For a network without sub-IDs (Amazon): the product it names, credited to the item with that ASIN (the
   * newest one published by the sale's day), and the placement its tracking ID stands for.
   */
  asin?: string | null;
  placement?: Placement | null;
}

/**
 * The items an Amazon product can be (deals and gift ideas) whose ASIN `matches`, as a subquery: each one's
 * kind, id, store, category, when it was created and its ASIN. Served by each table's ASIN index.
 */
export const itemsWithAsin = (matches: (asin: SQL) => SQL): SQL => sql`(
  select 'deal' as kind, d.id, d.store_id, d.category_id, d.created_at, d.amazon_asin as asin from deals d
  where ${matches(sql`d.amazon_asin`)}
  union all
  select 'gift', g.id, g.store_id, null::uuid, g.created_at, g.amazon_asin from gift_ideas g
  where ${matches(sql`g.amazon_asin`)}
)`;

export interface EarningsImportCounts {
  added: number;
  updated: number;
  unchanged: number;
  /** Of those added or updated, how many name no item of ours (by their click or their product). */
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
      asin: earning.asin ?? null,
      placement: earning.placement ?? null,
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
        transacted_at timestamptz, clicked_at timestamptz, sub_id text, asin text, placement text)
    )
    insert into earnings (network, external_id, status, sale_amount, commission, currency, transacted_at,
      clicked_at, sub_id, click_id, kind, item_id, store_id, category_id, placement, referrer_host)
    select ${network}, r.external_id, r.status, r.sale_amount, r.commission, upper(r.currency), r.transacted_at,
      r.clicked_at, r.sub_id, c.id, coalesce(c.kind, p.kind), coalesce(c.item_id, p.id),
      coalesce(c.store_id, p.store_id), coalesce(c.category_id, p.category_id), coalesce(c.placement, r.placement),
      c.referrer_host
    from reported r
    left join clicks c on c.id = case when r.sub_id ~* ${UUID} then r.sub_id::uuid end
    left join lateral (
      select * from ${itemsWithAsin((asin) => sql`${asin} = r.asin`)} item
      order by item.created_at <= r.transacted_at desc, item.created_at desc
      limit 1
    ) p on c.id is null and r.asin is not null
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
       or (earnings.item_id is null and excluded.item_id is not null)
    returning (xmax = 0) as added, item_id is null as unattributed`;
}
