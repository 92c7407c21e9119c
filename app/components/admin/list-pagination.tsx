import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useNavigate } from "react-router";

import { Select } from "#app/components/ui/select";
import { formatCount } from "#app/lib/counts";
import { type ListParams, listSearch, PAGE_SIZES } from "#app/modules/content-types/list-params";

import type { ContentListPage } from "./content-list-view";

function PageLink({
  params,
  page,
  label,
  children,
}: {
  params: ListParams;
  page: number;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={listSearch({ ...params, page })}
      aria-label={label}
      className="inline-flex h-8 items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium hover:bg-gray-50"
    >
      {children}
    </Link>
  );
}

/** "Showing 51–100 of 1,234", previous and next pages, and how many rows a page holds. */
export function ListPagination({ params, page }: { params: ListParams; page: ContentListPage }) {
  const navigate = useNavigate();
  const first = (page.page - 1) * params.size + 1;
  const last = Math.min(page.total, page.page * params.size);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 px-5 py-3 text-sm text-gray-700"
    >
      <p data-testid="page-range">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(page.total)}
      </p>
      <div className="flex items-center gap-2">
        {page.page > 1 ? (
          <PageLink params={params} page={page.page - 1} label="Previous page">
            <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
          </PageLink>
        ) : null}
        <span aria-current="page">
          Page {formatCount(page.page)} of {formatCount(page.pageCount)}
        </span>
        {page.page < page.pageCount ? (
          <PageLink params={params} page={page.page + 1} label="Next page">
            Next <ChevronRight className="h-4 w-4" aria-hidden />
          </PageLink>
        ) : null}
        <Select
          aria-label="Rows per page"
          value={String(params.size)}
          onChange={(event) => navigate(listSearch({ ...params, size: Number(event.target.value), page: 1 }) || ".")}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
          className="h-8 w-32"
        />
      </div>
    </nav>
  );
}
