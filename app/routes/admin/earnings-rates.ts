import { importRatesCsv } from "#app/modules/earnings/currency-rates.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { csvDownload, csvLines } from "#app/platform/csv.server";
import { csvImportAnswer, isDryRun } from "#app/platform/csv-import-answer.server";

import type { Route } from "./+types/earnings-rates";

// Currency rates uploaded as CSV (docs/earnings.md).
// GET /admin/earnings/rates: a template (Date, Currency, Rate), no lines.
// POST [?dryRun=1] with the file (gzipped or not): the import, answered as the content import's stream of
// progress lines and its report.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return csvDownload(csvLines([["Date", "Currency", "Rate"]], { first: true }), "currency-rates-template.csv");
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const dryRun = isDryRun(request);
  return csvImportAnswer(
    request,
    (upload, onProgress) => importRatesCsv(context.db, admin.user, upload.bytes, { dryRun, onProgress }),
    { rates: true },
  );
}
