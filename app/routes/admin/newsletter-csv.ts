import { subscribersCsv } from "#app/modules/newsletter/subscribers.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { csvDownload } from "#app/platform/csv.server";

import type { Route } from "./+types/newsletter-csv";

// GET /admin/newsletter/csv: every newsletter address with its state, as a CSV download.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return csvDownload(await subscribersCsv(context.db), "newsletter-subscribers.csv");
}
