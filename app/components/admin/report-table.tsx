import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { formatCount } from "#app/lib/counts";
import { formatPrice } from "#app/lib/money";
import type { ReportRow } from "#app/modules/analytics/analytics-view";

// One table of the analytics (top items, stores, placements…): most clicks first as the server sends
// it, with what they earned where earnings know the facet; the column headers re-sort the rows shown.

type SortKey = "label" | "clicks" | "sales" | "cents" | "epc";

/** A share as a percentage with one decimal, or a dash when there is nothing to share. */
export const percentOf = (part: number, total: number) => (total > 0 ? `${((part / total) * 100).toFixed(1)}%` : "–");
/** An amount in cents of the site's currency, as prices are written. */
export const formatCents = (cents: number) => formatPrice(cents / 100);
/** Earnings per click, or a dash without clicks. */
export const earningsPerClick = (cents: number, clicks: number) => (clicks > 0 ? formatCents(cents / clicks) : "–");

/** With earnings a table has eight columns: a phone shows name, clicks, sales and earnings. */
const WIDE_ONLY = "hidden sm:table-cell";

const sortValue: Record<Exclude<SortKey, "label">, (row: ReportRow) => number> = {
  clicks: (row) => row.clicks,
  sales: (row) => row.sales ?? 0,
  cents: (row) => row.cents ?? 0,
  epc: (row) => (row.clicks > 0 ? (row.cents ?? 0) / row.clicks : 0),
};

export function ReportTable({
  id,
  title,
  rows,
  total,
  withKind,
  emptyText = "No clicks in this range.",
}: {
  id: string;
  title: string;
  rows: ReportRow[];
  /** What the rows are shares of; a list that is no breakdown (the earnings lists) has no share column. */
  total?: number;
  withKind: boolean;
  emptyText?: string;
}) {
  const [sort, setSort] = useState<{ by: SortKey; dir: "asc" | "desc" }>({ by: "clicks", dir: "desc" });
  const withEarnings = rows.some((row) => row.sales !== undefined);
  const sorted = [...rows].sort((a, b) => {
    const order = sort.by === "label" ? a.label.localeCompare(b.label) : sortValue[sort.by](a) - sortValue[sort.by](b);
    return sort.dir === "asc" ? order : -order;
  });
  const header = (by: SortKey, label: string, className = "") => {
    const active = sort.by === by;
    const Arrow = sort.dir === "asc" ? ArrowUp : ArrowDown;
    return (
      <th
        scope="col"
        className={`py-2 font-medium ${className}`}
        aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
      >
        <button
          type="button"
          className="inline-flex items-center gap-1 hover:text-brand-700"
          onClick={() =>
            setSort({ by, dir: active && sort.dir === "desc" ? "asc" : by === "label" && !active ? "asc" : "desc" })
          }
        >
          {label}
          {active ? <Arrow className="h-3 w-3" aria-hidden /> : null}
        </button>
      </th>
    );
  };
  return (
    <section
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-5"
      aria-labelledby={`table-${id}`}
      data-testid={`report-${id}`}
    >
      <h3 id={`table-${id}`} className="mb-3 font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">{emptyText}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-gray-600">
            <tr>
              {header("label", "Name")}
              {withKind ? (
                <th scope="col" className={`py-2 font-medium ${withEarnings ? WIDE_ONLY : ""}`}>
                  Type
                </th>
              ) : null}
              {header("clicks", "Clicks", "pl-4 text-right")}
              {total === undefined ? null : (
                <th scope="col" className={`py-2 pl-4 text-right font-medium ${withEarnings ? WIDE_ONLY : ""}`}>
                  Share
                </th>
              )}
              {withEarnings ? (
                <>
                  {header("sales", "Sales", "pl-4 text-right")}
                  <th scope="col" className={`py-2 pl-4 text-right font-medium ${WIDE_ONLY}`}>
                    Conversion
                  </th>
                  {header("cents", "Earnings", "pl-4 text-right")}
                  {header("epc", "EPC", `pl-4 text-right ${WIDE_ONLY}`)}
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={`${row.kind ?? ""}-${row.value}`} className="border-t border-gray-100">
                <td className="py-2 pr-2">
                  {row.href ? (
                    <Link to={row.href} className="font-medium text-brand-700 hover:underline">
                      {row.label}
                    </Link>
                  ) : (
                    row.label
                  )}
                </td>
                {withKind ? (
                  <td className={`py-2 pr-2 text-gray-600 ${withEarnings ? WIDE_ONLY : ""}`}>{row.kind}</td>
                ) : null}
                {/* Figures apart, or "4" and "14.3%" read as "414.3%". */}
                <td className="py-2 pl-4 text-right tabular-nums">{formatCount(row.clicks)}</td>
                {total === undefined ? null : (
                  <td className={`py-2 pl-4 text-right tabular-nums text-gray-600 ${withEarnings ? WIDE_ONLY : ""}`}>
                    {percentOf(row.clicks, total)}
                  </td>
                )}
                {withEarnings ? (
                  <>
                    <td className="py-2 pl-4 text-right tabular-nums">{formatCount(row.sales ?? 0)}</td>
                    <td className={`py-2 pl-4 text-right tabular-nums text-gray-600 ${WIDE_ONLY}`}>
                      {percentOf(row.sales ?? 0, row.clicks)}
                    </td>
                    <td className="py-2 pl-4 text-right tabular-nums">{formatCents(row.cents ?? 0)}</td>
                    <td className={`py-2 pl-4 text-right tabular-nums ${WIDE_ONLY}`}>
                      {earningsPerClick(row.cents ?? 0, row.clicks)}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
