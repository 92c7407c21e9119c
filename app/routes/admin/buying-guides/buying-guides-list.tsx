import { Clock, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EmptyState } from "#app/components/admin/empty-state";
import { AddButton, RowActions } from "#app/components/admin/row-actions";
import { FeaturedBadge, StatusBadge } from "#app/components/admin/status-badge";
import { Button } from "#app/components/ui/button";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { formatDate } from "#app/lib/dates";
import { deleteGuide, listGuidesForAdmin } from "#app/modules/buying-guides/buying-guides.server";
import { handleDelete } from "../shared/resource-actions.server";
import type { Route } from "./+types/buying-guides-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { guides: await listGuidesForAdmin(db()) };
}

export function action({ request }: Route.ActionArgs) {
  return handleDelete(request, deleteGuide, { deleted: "Buying guide deleted successfully", failed: "Failed to delete buying guide" });
}

export default function BuyingGuidesList({ loaderData: { guides } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader title="Buying Guides Management" actions={<AddButton to="/admin/buying-guides/add" label="Add Guide" />} />
      {guides.length === 0 ? (
        <EmptyState message="No buying guides found" action={{ to: "/admin/buying-guides/add", label: "Create Your First Guide" }} />
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.id} className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white" data-testid="guide-card">
              <img src={guide.coverImageUrl} alt="" className="aspect-video w-full object-cover" />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <div className="flex flex-wrap gap-2">
                  <StatusBadge status={guide.status} />
                  {guide.featured ? <FeaturedBadge /> : null}
                </div>
                <h3 className="font-semibold">{guide.title}</h3>
                {guide.excerpt ? <p className="line-clamp-3 text-sm text-gray-600">{guide.excerpt}</p> : null}
                <p className="mt-auto flex items-center gap-3 pt-2 text-xs text-gray-500">
                  <span>{formatDate(guide.createdAt)}</span>
                  {guide.readTime ? (
                    <span className="flex items-center gap-1">
                      <Clock className="h-3 w-3" aria-hidden /> {guide.readTime} min read
                    </span>
                  ) : null}
                </p>
                <div className="flex items-center justify-between border-t border-gray-100 pt-3">
                  {guide.status === "published" ? (
                    <Button asChild variant="ghost" size="sm">
                      <Link to={`/buying-guides/${guide.slug}`} target="_blank" rel="noopener">
                        <ExternalLink className="h-4 w-4" aria-hidden /> View
                      </Link>
                    </Button>
                  ) : (
                    <span />
                  )}
                  <RowActions editTo={`/admin/buying-guides/edit/${guide.id}`} id={guide.id} label={guide.title} question="Are you sure you want to delete this buying guide?" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
