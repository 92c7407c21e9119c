import { Store as StoreIcon } from "lucide-react";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AddButton, RowActions } from "#app/components/admin/row-actions";
import { EmptyState } from "#app/components/admin/empty-state";
import { Badge } from "#app/components/ui/badge";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { formatDate } from "#app/lib/dates";
import { deleteStore, listStoresForAdmin } from "#app/modules/stores/stores.server";
import { handleDelete } from "../shared/resource-actions.server";
import type { Route } from "./+types/stores-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { stores: await listStoresForAdmin(db()) };
}

export function action({ request }: Route.ActionArgs) {
  return handleDelete(request, deleteStore, { deleted: "Store deleted successfully", failed: "Failed to delete store" });
}

export default function StoresList({ loaderData: { stores } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Stores"
        description="Retailers your deals, coupons and gift ideas link to."
        actions={<AddButton to="/admin/stores/add" label="Add Store" />}
      />
      {stores.length === 0 ? (
        <EmptyState message="No stores found" action={{ to: "/admin/stores/add", label: "Add Your First Store" }} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {stores.map((store) => (
            <li key={store.id} className="flex gap-4 rounded-xl border border-gray-200 bg-white p-5" data-testid="store-card">
              {store.logoUrl ? (
                <img src={store.logoUrl} alt="" className="h-14 w-14 shrink-0 rounded-lg object-contain" />
              ) : (
                <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-400">
                  <StoreIcon className="h-7 w-7" aria-hidden />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-semibold">{store.name}</h3>
                <p className="text-sm text-gray-500">/{store.slug}</p>
                <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-500">
                  <Badge tone="blue">{store.apiType}</Badge>
                  <span>Created {formatDate(store.createdAt)}</span>
                </div>
              </div>
              <RowActions vertical editTo={`/admin/stores/edit/${store.id}`} id={store.id} label={store.name} question="Are you sure you want to delete this store?" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
