import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AddButton, RowActions } from "#app/components/admin/row-actions";
import { EmptyState } from "#app/components/admin/empty-state";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { formatDate } from "#app/lib/dates";
import { deleteCategory, listCategoriesForAdmin } from "#app/modules/categories/categories.server";
import { handleDelete } from "../shared/resource-actions.server";
import type { Route } from "./+types/categories-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listCategoriesForAdmin(db()) };
}

export function action({ request }: Route.ActionArgs) {
  return handleDelete(request, deleteCategory, { deleted: "Category deleted successfully", failed: "Failed to delete category" });
}

export default function CategoriesList({ loaderData: { categories } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Categories"
        description="Group deals and buying guides; categories can nest."
        actions={<AddButton to="/admin/categories/add" label="Add Category" />}
      />
      {categories.length === 0 ? (
        <EmptyState message="No categories found" action={{ to: "/admin/categories/add", label: "Add Your First Category" }} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id} className="flex gap-4 rounded-xl border border-gray-200 bg-white p-5" data-testid="category-card">
              <div className="min-w-0 flex-1 space-y-1">
                <h3 className="font-semibold">{category.name}</h3>
                <p className="text-sm text-gray-500">{category.slug}</p>
                {category.parentId ? (
                  <p className="text-sm text-gray-600">Parent: {category.parentName ?? "Unknown"}</p>
                ) : null}
                {category.description ? <p className="line-clamp-2 text-sm text-gray-700">{category.description}</p> : null}
                <p className="text-xs text-gray-500">Created {formatDate(category.createdAt)}</p>
              </div>
              <RowActions vertical editTo={`/admin/categories/edit/${category.id}`} id={category.id} label={category.name} question="Are you sure you want to delete this category?" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
