import { Link, useLocation } from "react-router";

/** 'Previous · Page N · Next' under an admin queue, keeping the view's other parameters; nothing when everything fits on one page. */
export function PreviousNextPager({ page, hasNext }: { page: number; hasNext: boolean }) {
  const { search } = useLocation();
  if (page <= 1 && !hasNext) return null;
  const pageAt = (to: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(to));
    return `?${params}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={pageAt(page - 1)} className="font-medium text-brand-700 hover:underline">
          Previous
        </Link>
      ) : null}
      <span className="text-gray-600">Page {page}</span>
      {hasNext ? (
        <Link to={pageAt(page + 1)} className="font-medium text-brand-700 hover:underline">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
