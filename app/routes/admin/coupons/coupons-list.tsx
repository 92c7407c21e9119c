import { Star } from "lucide-react";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { EmptyState } from "#app/components/admin/empty-state";
import { AddButton, RowActions } from "#app/components/admin/row-actions";
import { StatusBadge } from "#app/components/admin/status-badge";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { formatDate } from "#app/lib/dates";
import { adminDiscountLabel } from "#app/modules/coupons/coupon.schema";
import { deleteCoupon, listCouponsForAdmin } from "#app/modules/coupons/coupons.server";
import { handleDelete } from "../shared/resource-actions.server";
import type { Route } from "./+types/coupons-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { coupons: await listCouponsForAdmin(db()) };
}

export function action({ request }: Route.ActionArgs) {
  return handleDelete(request, deleteCoupon, { deleted: "Coupon deleted successfully", failed: "Failed to delete coupon" });
}

const columns = ["Title", "Code", "Store", "Discount", "Status", "Featured", "Created", "Actions"];

export default function CouponsList({ loaderData: { coupons } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader title="Coupons Management" actions={<AddButton to="/admin/coupons/add" label="Add Coupon" />} />
      {coupons.length === 0 ? (
        <EmptyState message="No coupons found. Create your first coupon!" action={{ to: "/admin/coupons/add", label: "Add First Coupon" }} />
      ) : (
        <AdminTable title={`All Coupons (${coupons.length})`} columns={columns}>
                {coupons.map((coupon) => (
                  <tr key={coupon.id}>
                    <td className="px-5 py-3">
                      <p className="font-medium text-gray-900">{coupon.title}</p>
                      <p className="line-clamp-1 text-xs text-gray-500">{coupon.description}</p>
                    </td>
                    <td className="px-5 py-3">
                      {coupon.couponCode ? <code className="rounded bg-gray-100 px-2 py-0.5">{coupon.couponCode}</code> : <span className="text-gray-500">No code</span>}
                    </td>
                    <td className="px-5 py-3">{coupon.storeName}</td>
                    <td className="px-5 py-3 font-semibold">{adminDiscountLabel(coupon.discountType, coupon.discountValue)}</td>
                    <td className="px-5 py-3">
                      <StatusBadge status={coupon.status} />
                    </td>
                    <td className="px-5 py-3">
                      {coupon.featured ? <Star className="h-4 w-4 fill-yellow-400 text-yellow-500" aria-label="Featured" /> : null}
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-gray-600">{formatDate(coupon.createdAt)}</td>
                    <td className="px-5 py-3">
                      <RowActions editTo={`/admin/coupons/edit/${coupon.id}`} id={coupon.id} label={coupon.title} question="Are you sure you want to delete this coupon?" />
                    </td>
                  </tr>
                ))}
        </AdminTable>
      )}
    </div>
  );
}
