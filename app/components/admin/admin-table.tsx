import type { ReactNode } from "react";

/** An admin list as a table: a titled card ("All Coupons (4)") with column headings and rows. */
export function AdminTable({ title, columns, children }: { title: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-xl border border-gray-200 bg-white">
      <h3 className="border-b border-gray-200 px-5 py-4 font-semibold">{title}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-5 py-3 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">{children}</tbody>
        </table>
      </div>
    </section>
  );
}
