import { Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { Button } from "#app/components/ui/button";
import { isFiltered, type ListParams, listSearch } from "#app/modules/content-types/list-params";

import { AdminPageHeader } from "./admin-page-header";
import { BulkBar } from "./bulk-bar";
import { ConfirmDelete, type DeleteTarget } from "./confirm-delete";
import type { ContentListPage, ContentListView } from "./content-list-view";
import { ContentTable } from "./content-table";
import { CsvImportDialog } from "./csv-import-dialog";
import { EmptyState } from "./empty-state";
import { ListIconSprite } from "./list-icons";
import { ListPagination } from "./list-pagination";
import { useListSelection } from "./list-selection";
import { ListToolbar } from "./list-toolbar";
import { AddButton, DuplicateForm, RowVerbLabels } from "./row-actions";

/**
 * Every admin list: search, filters, sortable columns and pages held in the URL; tick rows (or all rows
 * the view matches) for a bulk action; the rows themselves are a ContentTable.
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
  const { bulk, selection, setSelection, toggle } = useListSelection();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const pageIds = page.rows.map((row) => row.id);

  return (
    <div>
      <AdminPageHeader
        title={view.title}
        actions={
          <>
            {view.csv ? (
              <Button asChild variant="outline">
                <a href={`${view.csvPath}${listSearch({ ...params, page: 1 })}`} download>
                  <Download className="h-4 w-4" aria-hidden /> Export CSV
                </a>
              </Button>
            ) : null}
            {view.csv && view.importable ? <CsvImportDialog path={view.csvPath} noun={view.noun.many} /> : null}
            <AddButton to={view.addTo} label={view.addLabel} />
          </>
        }
      />
      {page.total === 0 && !isFiltered(params) ? (
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
                {view.bulk.length > 0 ? (
                  <BulkBar
                    fetcher={bulk}
                    view={view}
                    params={params}
                    total={page.total}
                    pageIds={pageIds}
                    selection={selection}
                    onChange={setSelection}
                  />
                ) : null}
                <ListIconSprite />
                <DuplicateForm />
                <RowVerbLabels />
                <ContentTable
                  view={view}
                  params={params}
                  page={page}
                  selection={selection}
                  onSelect={setSelection}
                  onToggle={toggle}
                  onDelete={setDeleting}
                />
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
