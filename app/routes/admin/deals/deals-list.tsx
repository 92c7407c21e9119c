import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EmptyState } from "#app/components/admin/empty-state";
import { AddButton, RowActions } from "#app/components/admin/row-actions";
import { FeaturedBadge, StatusBadge } from "#app/components/admin/status-badge";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { formatDate } from "#app/lib/dates";
import { formatPrice } from "#app/lib/money";
import { deleteDeal, listDealsForAdmin } from "#app/modules/deals/deals.server";
import { handleDelete, toastAnswer } from "../shared/resource-actions.server";
import { isUuid } from "#app/lib/uuid";
import { RefreshCw } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { appSecret } from "#app/platform/app-secret.server";
import { getEnv } from "#app/platform/env.server";
import { timeAgo } from "#app/lib/relative-time";
import { errorToast, successToast } from "#app/lib/toast";
import { configuredAmazonClient } from "#app/modules/amazon/amazon-service.server";
import { refreshAmazonPrices } from "#app/modules/amazon/price-refresh.server";
import type { Route } from "./+types/deals-list";
import { readFormData } from "#app/lib/form-data";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { deals: await listDealsForAdmin(db()) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const intent = (await readFormData(request.clone())).get("intent");
  if (intent === "refresh") return refreshDealPrice(request);
  return handleDelete(request, deleteDeal, { deleted: "Deal deleted successfully", failed: "Failed to delete deal" });
}

/** 'Refresh now': read this deal's Amazon price again, whatever its age. */
async function refreshDealPrice(request: Request) {
  await requireAdmin(request);
  const id = (await readFormData(request)).get("id");
  const env = getEnv();
  if (!isUuid(id)) return toastAnswer(errorToast("Failed to refresh the price"));
  const api = await configuredAmazonClient(db(), appSecret(env), { endpointOverride: env.AMAZON_API_ENDPOINT });
  if (!api) return toastAnswer(errorToast("Amazon is not configured yet: add your keys under Settings → Amazon."));
  try {
    const { updated } = await refreshAmazonPrices(db(), api, { dealIds: [id] });
    return toastAnswer(updated ? successToast("Price refreshed from Amazon") : errorToast("Amazon returned no price for this ASIN"));
  } catch (error) {
    return toastAnswer(errorToast(error instanceof Error ? error.message : "Failed to refresh the price"));
  }
}

function RefreshButton({ id }: { id: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="refresh" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        <RefreshCw className="h-3 w-3" aria-hidden /> {fetcher.state !== "idle" ? "Refreshing..." : "Refresh now"}
      </Button>
    </fetcher.Form>
  );
}

export default function DealsList({ loaderData: { deals } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Deals"
        description={`All Deals (${deals.length})`}
        actions={<AddButton to="/admin/deals/add" label="Add Deal" />}
      />
      {deals.length === 0 ? (
        <EmptyState message="No deals found" action={{ to: "/admin/deals/add", label: "Add Your First Deal" }} />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {deals.map((deal) => (
            <li key={deal.id} className="flex gap-4 rounded-xl border border-gray-200 bg-white p-5" data-testid="deal-card">
              <div className="min-w-0 flex-1 space-y-2">
                <h3 className="font-semibold">{deal.title}</h3>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={deal.status} />
                  {deal.featured ? <FeaturedBadge /> : null}
                  <span className="text-sm text-gray-600">{deal.storeName}</span>
                </div>
                <p className="flex flex-wrap items-baseline gap-2">
                  <span className="text-lg font-bold text-gray-900">{formatPrice(deal.currentPrice)}</span>
                  {deal.originalPrice !== null ? (
                    <>
                      <s className="text-sm text-gray-500">{formatPrice(deal.originalPrice)}</s>
                      {deal.discountPercentage !== null ? (
                        <span className="text-sm font-semibold text-green-700">{deal.discountPercentage}%</span>
                      ) : null}
                    </>
                  ) : null}
                </p>
                <p className="text-xs text-gray-500">Created {formatDate(deal.createdAt)}</p>
                {deal.amazonAsin ? (
                  <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                    <span data-testid="price-refreshed">
                      Amazon {deal.amazonAsin} · {deal.priceUpdatedAt ? `price refreshed ${timeAgo(deal.priceUpdatedAt)}` : "price never refreshed"}
                    </span>
                    <RefreshButton id={deal.id} />
                  </div>
                ) : null}
              </div>
              <RowActions vertical editTo={`/admin/deals/edit/${deal.id}`} id={deal.id} label={deal.title} question="Are you sure you want to delete this deal?" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
