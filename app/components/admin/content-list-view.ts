import type { AdminListRow } from "#app/lib/admin-list";
import type { ListState, SortDirection } from "#app/modules/content-types/list-params";

// The shapes an admin list page is drawn from: the list component and its toolbar, pagination and bulk bar
// read them, and the list loader (routes/admin/content/list.server.ts) builds them.

/** What a list page needs to know of its type (sent by the loader). */
export interface ContentListView {
  key: string;
  title: string;
  heading: string;
  noun: { one: string; many: string };
  addLabel: string;
  addTo: string;
  editTo: string;
  /** The CSV export (GET, with the view's query) and import (POST) of the type. */
  csvPath: string;
  /** Export and import (an editor's and owner's). */
  csv: boolean;
  importable: boolean;
  empty: { message: string; actionLabel: string };
  columns: Array<{ heading: string; sortKey?: string; first: SortDirection }>;
  filters: {
    status: boolean;
    featured: boolean;
    states: ListState[];
    refs: Array<{ param: string; label: string; to: string }>;
  };
  bulk: Array<{ action: string; label: string }>;
  deleteQuestion: string;
}

export interface ContentListPage {
  rows: AdminListRow[];
  total: number;
  page: number;
  pageCount: number;
  sort: { key: string; dir: SortDirection };
}
