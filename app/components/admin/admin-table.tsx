import type { ReactNode } from "react";

/** A heading of an AdminTable: its text (read to screen readers only with `hidden`), right-aligned for figures. */
export type AdminTableHeading = { label: string; align?: "right"; hidden?: boolean };

/**
 * The bordered table of an admin queue (Needs attention, Background jobs): headings, then the rows given.
 * On a phone each row is a card and each cell a line, named by its `data-label` (app.css: .admin-table).
 */
export function AdminTable({ headings, children }: { headings: AdminTableHeading[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="admin-table w-full text-sm">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            {headings.map(({ label, align, hidden }) => (
              <th key={label} scope="col" className={`px-4 py-3 font-medium${align === "right" ? " text-right" : ""}`}>
                {hidden ? <span className="sr-only">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
