import { Gift, Star } from "lucide-react";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { EmptyState } from "#app/components/admin/empty-state";
import { AddButton, RowActions } from "#app/components/admin/row-actions";
import { StatusBadge } from "#app/components/admin/status-badge";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { formatDate } from "#app/lib/dates";
import { deleteGiftIdea, listGiftIdeasForAdmin } from "#app/modules/gift-ideas/gift-ideas.server";
import { handleDelete } from "../shared/resource-actions.server";
import type { Route } from "./+types/gift-ideas-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { giftIdeas: await listGiftIdeasForAdmin(db()) };
}

export function action({ request }: Route.ActionArgs) {
  return handleDelete(request, deleteGiftIdea, { deleted: "Gift idea deleted successfully", failed: "Failed to delete gift idea" });
}

const columns = ["Image", "Title", "Slug", "Description", "Status", "Featured", "Created", "Actions"];

export default function GiftIdeasList({ loaderData: { giftIdeas } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader title="Gift Ideas Management" actions={<AddButton to="/admin/gift-ideas/add" label="Add Gift Idea" />} />
      {giftIdeas.length === 0 ? (
        <EmptyState message="No gift ideas found. Create your first gift idea collection!" action={{ to: "/admin/gift-ideas/add", label: "Add Gift Idea" }} />
      ) : (
        <AdminTable title={`All Gift Ideas (${giftIdeas.length})`} columns={columns}>
                {giftIdeas.map((gift) => (
                  <tr key={gift.id}>
                    <td className="px-5 py-3">
                      {gift.imageUrl ? (
                        <img src={gift.imageUrl} alt="" className="h-12 w-12 rounded-lg object-cover" />
                      ) : (
                        <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-gray-100 text-gray-400">
                          <Gift className="h-5 w-5" aria-hidden />
                        </span>
                      )}
                    </td>
                    <td className="px-5 py-3 font-medium text-gray-900">{gift.title}</td>
                    <td className="px-5 py-3 text-gray-600">{gift.slug}</td>
                    <td className="max-w-xs px-5 py-3">
                      <p className="line-clamp-2 text-gray-600">{gift.description}</p>
                    </td>
                    <td className="px-5 py-3">
                      <StatusBadge status={gift.status} />
                    </td>
                    <td className="px-5 py-3">
                      {gift.featured ? <Star className="h-4 w-4 fill-yellow-400 text-yellow-500" aria-label="Featured" /> : null}
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-gray-600">{formatDate(gift.createdAt)}</td>
                    <td className="px-5 py-3">
                      <RowActions editTo={`/admin/gift-ideas/edit/${gift.id}`} id={gift.id} label={gift.title} question="Are you sure you want to delete this gift idea?" />
                    </td>
                  </tr>
                ))}
        </AdminTable>
      )}
    </div>
  );
}
