import { clickReportCsv } from "#app/modules/analytics/click-report-csv.server";
import { reportForRequest } from "#app/modules/analytics/click-report-request.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { atLeast } from "#app/modules/users/roles";
import { csvDownload } from "#app/platform/csv.server";

import type { Route } from "./+types/analytics-csv";

// GET /admin/analytics/csv?<view>: the analytics view's figures as a CSV download.

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { view, report } = await reportForRequest(request, context.db, context.jobs, {
    revenue: atLeast(admin.user.role, "owner"),
  });
  return csvDownload(clickReportCsv(report), `clicks-${view.from}-to-${view.to}.csv`);
}
