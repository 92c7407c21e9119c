import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";

import { Button } from "#app/components/ui/button";
import { isFiltered, type ListParams, listSearch, type SortDirection } from "#app/modules/content-types/list-params";

import { AdminPageHeader } from "./admin-page-header";
import { BulkBar, type Selection } from "./bulk-bar";
import { ConfirmDelete, type DeleteTarget } from "./confirm-delete";
import type { ContentListPage, ContentListView } from "./content-list-view";
import { CsvImportDialog } from "./csv-import-dialog";
import { EmptyState } from "./empty-state";
import { ListCell } from "./list-cell";
import { ListIconSprite } from "./list-icons";
import { ListPagination } from "./list-pagination";
import { ListToolbar } from "./list-toolbar";
import { AddButton, DuplicateForm, RowActions, rowNamer, RowVerbLabels } from "./row-actions";

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
 * Every admin list: search, filters, sortable columns and pages held in the URL; tick rows (or all rows
 * the view matches) for a bulk action. A table on wide screens that becomes stacked cards below the md
 * breakpoint, so nothing scrolls sideways on a phone.
 */
export function ContentList({
  view,
  params,
  page,
  refLabels,
}: {
  view: ContentListView;
  params: ListParams;
  page: ContentListPage;
  refLabels: Record<string, string>;
}) {
  const { search } = useLocation();
  const bulk = useFetcher<{ ok: boolean }>();
  const [ticked, setTicked] = useState<Selection & { view: string }>({
    ids: new Set(),
    all: false,
    view: search,
  });
  const [settled, setSettled] = useState(bulk.data);
  // Nothing stays ticked in a new view (another page, filter or sort), nor after a bulk action is done.
  if (bulk.state === "idle" && bulk.data !== settled) {
    setSettled(bulk.data);
    setTicked({ ids: new Set(), all: false, view: search });
  }
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const selection: Selection = ticked.view === search ? ticked : { ids: new Set(), all: false };
  const setSelection = (next: Selection) => setTicked({ ...next, view: search });
  const filtered = isFiltered(params);
  const pageIds = page.rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));

  function toggle(id: string, on: boolean) {
    const ids = new Set(selection.ids);
    if (on) ids.add(id);
    else ids.delete(id);
    setSelection({ ids, all: false });
  }

  return (
    <div>
      <AdminPageHeader
        title={view.title}
        actions={
          <>
            <Button asChild variant="outline">
              <a href={`${view.csvPath}${listSearch({ ...params, page: 1 })}`} download>
                <Download className="h-4 w-4" aria-hidden /> Export CSV
              </a>
            </Button>
            {view.importable ? <CsvImportDialog path={view.csvPath} noun={view.noun.many} /> : null}
            <AddButton to={view.addTo} label={view.addLabel} />
          </>
        }
      />
      {page.total === 0 && !filtered ? (
        <EmptyState message={view.empty.message} action={{ to: view.addTo, label: view.empty.actionLabel }} />
      ) : (
        <>
          <ListToolbar view={view} params={params} refLabels={refLabels} />
          <section className="rounded-xl border border-gray-200 bg-white">
            <h3 className="border-b border-gray-200 px-5 py-4 font-semibold" aria-live="polite">
              {view.heading}
            </h3>
            {page.total === 0 ? (
              <p className="px-5 py-10 text-center text-gray-600">
                No {view.noun.many} match these filters.{" "}
                <Link to="." className="font-medium text-brand-700 hover:underline">
                  Reset filters
                </Link>
              </p>
            ) : (
              <>
                <BulkBar
                  fetcher={bulk}
                  view={view}
                  params={params}
                  total={page.total}
                  pageIds={pageIds}
                  selection={selection}
                  onChange={setSelection}
                />
                <ListIconSprite />
                <DuplicateForm />
                <RowVerbLabels />
                <table className="admin-list block w-full text-left text-sm md:table">
                  <thead className="hidden bg-gray-50 text-xs uppercase text-gray-600 md:table-header-group">
                    <tr>
                      <th scope="col" className="w-10 px-3 py-3 2xl:px-5">
                        <input
                          type="checkbox"
                          aria-label="Select all on this page"
                          checked={allOnPage}
                          onChange={(event) =>
                            setSelection({
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
                      const titleId = row.cells.some((cell) => cell.kind === "title")
                        ? `row-title-${rowIndex}`
                        : undefined;
                      const named = rowNamer(row.label, titleId);
                      return (
                        <tr key={row.id} data-testid={`${view.key}-row`}>
                          <td className="select">
                            <input
                              type="checkbox"
                              {...named("Select")}
                              checked={selection.all || selection.ids.has(row.id)}
                              disabled={selection.all}
                              onChange={(event) => toggle(row.id, event.target.checked)}
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
                              onDelete={setDeleting}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <ListPagination params={params} page={page} />
                <ConfirmDelete target={deleting} question={view.deleteQuestion} onClose={() => setDeleting(null)} />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
