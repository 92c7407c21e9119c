import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { formatCount } from "#app/lib/counts";
import type { ReportRow } from "#app/modules/analytics/analytics-view";

// One table of the analytics (top items, stores, placements…): most clicks first as the server sends
// it; the column headers re-sort the rows shown by name or by clicks.

type SortKey = "label" | "clicks";

const percentOf = (clicks: number, total: number) => (total > 0 ? `${((clicks / total) * 100).toFixed(1)}%` : "–");

export function ReportTable({
  id,
  title,
  rows,
  total,
  withKind,
}: {
  id: string;
  title: string;
  rows: ReportRow[];
  total: number;
  withKind: boolean;
}) {
  const [sort, setSort] = useState<{ by: SortKey; dir: "asc" | "desc" }>({ by: "clicks", dir: "desc" });
  const sorted = [...rows].sort((a, b) => {
    const order = sort.by === "clicks" ? a.clicks - b.clicks : a.label.localeCompare(b.label);
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
      className="rounded-xl border border-gray-200 bg-white p-5"
      aria-labelledby={`table-${id}`}
      data-testid={`report-${id}`}
    >
      <h3 id={`table-${id}`} className="mb-3 font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">No clicks in this range.</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-gray-600">
            <tr>
              {header("label", "Name")}
              {withKind ? (
                <th scope="col" className="py-2 font-medium">
                  Type
                </th>
              ) : null}
              {header("clicks", "Clicks", "pl-4 text-right")}
              <th scope="col" className="py-2 pl-4 text-right font-medium">
                Share
              </th>
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
                {withKind ? <td className="py-2 pr-2 text-gray-600">{row.kind}</td> : null}
                {/* Figures apart, or "4" and "14.3%" read as "414.3%". */}
                <td className="py-2 pl-4 text-right tabular-nums">{formatCount(row.clicks)}</td>
                <td className="py-2 pl-4 text-right tabular-nums text-gray-600">{percentOf(row.clicks, total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
