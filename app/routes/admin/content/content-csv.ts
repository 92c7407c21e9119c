import { refFiltersOf } from "#app/modules/catalogue/admin-list.server";
import { csvTemplate, exportCsv } from "#app/modules/catalogue/csv.server";
import { importCsv } from "#app/modules/catalogue/csv-import.server";
import { readListParams } from "#app/modules/content-types/list-params";
import { segmentOf } from "#app/modules/content-types/words";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { csvDownload } from "#app/platform/csv.server";
import { csvImportAnswer, isDryRun } from "#app/platform/csv-import-answer.server";

import type { Route } from "./+types/content-csv";
import { listTypeFor } from "./list.server";

// GET /admin/<type>/csv?<list view>: the view's rows as a CSV download, streamed (?template=1: the header
// line alone, to start an import from).
// POST /admin/<type>/csv[?dryRun=1] with a CSV body (gzipped or not): an import, answered as a stream of
// JSON lines ({"done","progress"} as it goes: lines done, and how far through the file, 0–1; then
// {"report"} or {"error"}), so a long file shows its progress.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const type = listTypeFor(request);
  const search = new URL(request.url).searchParams;
  if (search.get("template") === "1") return csvDownload(csvTemplate(type), `${segmentOf(type)}-template.csv`);
  const params = readListParams(
    search,
    refFiltersOf(type).map((filter) => filter.param),
  );
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(exportCsv(type, context.db, params), `${segmentOf(type)}-${day}.csv`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const type = listTypeFor(request);
  if (!type.csv.importBy) return Response.json({ error: `${type.noun.many} cannot be imported.` }, { status: 404 });
  const dryRun = isDryRun(request);
  return csvImportAnswer(
    request,
    (upload, onProgress) => importCsv(type, context.db, admin.user, upload.bytes, { dryRun, onProgress }),
    { type: type.key },
  );
}
