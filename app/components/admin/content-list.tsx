import type { AdminListRow } from "#app/lib/admin-list";
import { EmptyState } from "./empty-state";
import { ListCell } from "./list-cell";
import { AdminPageHeader } from "./admin-page-header";
import { AddButton, RowActions } from "./row-actions";

/** What a list page needs to know of its type (sent by the loader). */
export interface ContentListView {
  key: string;
  title: string;
  heading: string;
  addLabel: string;
  addTo: string;
  editTo: string;
  empty: { message: string; actionLabel: string };
  columns: readonly string[];
  deleteQuestion: string;
}

/**
 * Every admin list: a table on wide screens that becomes stacked cards below the md breakpoint, so nothing
 * scrolls sideways on a phone.
 */
export function ContentList({ view, rows }: { view: ContentListView; rows: AdminListRow[] }) {
  return (
    <div>
      <AdminPageHeader title={view.title} actions={<AddButton to={view.addTo} label={view.addLabel} />} />
      {rows.length === 0 ? (
        <EmptyState message={view.empty.message} action={{ to: view.addTo, label: view.empty.actionLabel }} />
      ) : (
        <section className="overflow-hidden rounded-xl border border-gray-200 bg-white">
          <h3 className="border-b border-gray-200 px-5 py-4 font-semibold">{view.heading}</h3>
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden bg-gray-50 text-xs uppercase tracking-wide text-gray-600 md:table-header-group">
              <tr>
                {[...view.columns, "Actions"].map((column) => (
                  <th key={column} scope="col" className="px-5 py-3 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-gray-100 md:table-row-group">
              {rows.map((row) => (
                <tr key={row.id} data-testid={`${view.key}-row`} className="block px-5 py-4 md:table-row md:p-0">
                  {row.cells.map((cell, index) => (
                    <td key={view.columns[index]} className="flex gap-3 py-1 align-middle md:table-cell md:px-5 md:py-3">
                      <span className="w-24 shrink-0 text-xs font-semibold uppercase text-gray-500 md:hidden">{view.columns[index]}</span>
                      <ListCell cell={cell} rowId={row.id} />
                    </td>
                  ))}
                  <td className="flex pt-2 align-middle md:table-cell md:px-5 md:py-3">
                    <RowActions editTo={`${view.editTo}/${row.id}`} id={row.id} label={row.label} question={view.deleteQuestion} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
