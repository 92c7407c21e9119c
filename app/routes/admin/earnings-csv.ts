import { earningsCsvFields, earningsCsvOptionsOf } from "#app/lib/earnings-csv";
import {
  importAmazonEarningsCsv,
  importEarningsCsv,
  inspectEarningsCsv,
} from "#app/modules/earnings/earnings-csv.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { csvDownload, csvLines } from "#app/platform/csv.server";
import { csvImportAnswer, isDryRun } from "#app/platform/csv-import-answer.server";
import { csvUpload, ImportFileError } from "#app/platform/csv-upload.server";

import type { Route } from "./+types/earnings-csv";

// A network's report uploaded as CSV (docs/earnings.md).
// GET /admin/earnings/csv: a template, the columns DealDash reads, no lines.
// POST ?inspect=1 with the file's first lines: its columns, a few lines, and the mapping they suggest.
// POST ?network=…&col.<part>=<column>…[&dryRun=1] with the file (gzipped or not): the import, answered as
// the content import's stream of progress lines and its report; ?format=amazon[&dryRun=1] for Amazon's
// earnings report, which needs no mapping.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return csvDownload(
    csvLines([earningsCsvFields.map(({ label }) => label)], { first: true }),
    "earnings-report-template.csv",
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  if (search.get("inspect") === "1") {
    try {
      const upload = csvUpload(new Uint8Array(await request.arrayBuffer()), request.headers.get("content-encoding"));
      return Response.json(await inspectEarningsCsv(upload.bytes));
    } catch (error) {
      if (error instanceof ImportFileError) return Response.json({ error: error.message }, { status: 400 });
      throw error;
    }
  }
  const dryRun = isDryRun(request);
  if (search.get("format") === "amazon")
    return csvImportAnswer(
      request,
      (upload, onProgress) => importAmazonEarningsCsv(context.db, admin.user, upload.bytes, { dryRun, onProgress }),
      { earnings: "amazon" },
    );
  const options = earningsCsvOptionsOf(search);
  if (typeof options === "string") return new Response(options, { status: 400 });
  return csvImportAnswer(
    request,
    (upload, onProgress) => importEarningsCsv(context.db, admin.user, upload.bytes, options, { dryRun, onProgress }),
    { earnings: options.network },
  );
}
