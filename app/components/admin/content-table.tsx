import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";

import { type ListParams, listSearch, type SortDirection } from "#app/modules/content-types/list-params";

import type { Selection } from "./bulk-bar";
import type { DeleteTarget } from "./confirm-delete";
import type { ContentListPage, ContentListView } from "./content-list-view";
import { ListCell } from "./list-cell";
import { RowActions, rowNamer } from "./row-actions";

function SortHeading({
  column,
  params,
  sort,
}: {
  column: ContentListView["columns"][number];
  params: ListParams;
  sort: ContentListPage["sort"];
}) {
  if (!column.sortKey) return <>{column.heading}</>;
  const active = sort.key === column.sortKey;
  const dir: SortDirection = active ? (sort.dir === "asc" ? "desc" : "asc") : column.first;
  const Icon = active ? (sort.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Link
      to={listSearch({ ...params, sort: column.sortKey, dir, page: 1 })}
      className="inline-flex items-center gap-1 hover:text-gray-900"
      preventScrollReset
    >
      {column.heading}
      <Icon className="h-3 w-3" aria-hidden />
      <span className="sr-only">
        {active ? `, sorted ${sort.dir === "asc" ? "ascending" : "descending"}` : ", sort"}
      </span>
    </Link>
  );
}

/**
 * One page of an admin list's rows: a table on wide screens that becomes stacked cards below the md
 * breakpoint, so nothing scrolls sideways on a phone. Each row can be ticked, edited, copied or deleted.
 */
export function ContentTable({
  view,
  params,
  page,
  selection,
  onSelect,
  onToggle,
  onDelete,
}: {
  view: ContentListView;
  params: ListParams;
  page: ContentListPage;
  selection: Selection;
  onSelect(selection: Selection): void;
  onToggle(id: string, on: boolean): void;
  onDelete(target: DeleteTarget): void;
}) {
  const pageIds = page.rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  return (
    <table className="admin-list block w-full text-left text-sm md:table">
      <thead className="hidden bg-gray-50 text-xs uppercase text-gray-600 md:table-header-group">
        <tr>
          <th scope="col" className="w-10 px-3 py-3 2xl:px-5">
            <input
              type="checkbox"
              aria-label="Select all on this page"
              checked={allOnPage}
              onChange={(event) =>
                onSelect({
                  ids: event.target.checked ? new Set(pageIds) : new Set(),
                  all: false,
                })
              }
            />
          </th>
          {view.columns.map((column) => {
            const active = column.sortKey !== undefined && page.sort.key === column.sortKey;
            return (
              <th
                key={column.heading}
                scope="col"
                className="px-3 py-3 font-semibold 2xl:px-5"
                aria-sort={active ? (page.sort.dir === "asc" ? "ascending" : "descending") : undefined}
              >
                <SortHeading column={column} params={params} sort={page.sort} />
              </th>
            );
          })}
          <th scope="col" className="px-3 py-3 font-semibold 2xl:px-5">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-gray-100 md:table-row-group">
        {page.rows.map((row, rowIndex) => {
          const titleId = row.cells.some((cell) => cell.kind === "title") ? `row-title-${rowIndex}` : undefined;
          const named = rowNamer(row.label, titleId);
          return (
            <tr key={row.id} data-testid={`${view.key}-row`}>
              <td className="select">
                <input
                  type="checkbox"
                  {...named("Select")}
                  checked={selection.all || selection.ids.has(row.id)}
                  disabled={selection.all}
                  onChange={(event) => onToggle(row.id, event.target.checked)}
                />
              </td>
              {row.cells.map((cell, index) => (
                <td key={view.columns[index]!.heading} data-label={view.columns[index]!.heading}>
                  <ListCell cell={cell} rowId={row.id} titleId={titleId} />
                </td>
              ))}
              <td>
                <RowActions
                  editTo={`${view.editTo}/${row.id}`}
                  id={row.id}
                  label={row.label}
                  named={named}
                  onDelete={onDelete}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
