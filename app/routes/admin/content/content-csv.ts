import { refFiltersOf } from "#app/modules/catalogue/admin-list.server";
import { csvTemplate, exportCsv } from "#app/modules/catalogue/csv.server";
import { importCsv, ImportFileError } from "#app/modules/catalogue/csv-import.server";
import { csvUpload } from "#app/modules/catalogue/csv-upload.server";
import { readListParams } from "#app/modules/content-types/list-params";
import { segmentOf } from "#app/modules/content-types/words";
import { requireAdmin } from "#app/platform/auth.server";
import { csvDownload } from "#app/platform/csv.server";
import { logger } from "#app/platform/logger.server";

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
  const dryRun = new URL(request.url).searchParams.get("dryRun") === "1";
  const body = new Uint8Array(await request.arrayBuffer());
  const encoding = request.headers.get("content-encoding");
  const encoder = new TextEncoder();
  const answer = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (message: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(message)}\n`));
      try {
        const upload = csvUpload(body, encoding);
        const report = await importCsv(type, context.db, admin.user, upload.bytes, {
          dryRun,
          onProgress: (done) => send({ done, progress: upload.progress() }),
        });
        send({ report });
        if (!dryRun) logger.info({ type: type.key, counts: report.counts }, "CSV import");
      } catch (error) {
        if (!(error instanceof ImportFileError)) logger.error({ err: error }, "CSV import failed");
        send({
          error:
            error instanceof ImportFileError
              ? error.message
              : "The import failed. Lines already reported as done were saved.",
        });
      }
      controller.close();
    },
  });
  // no-transform: compression would hold the progress lines back until the end.
  return new Response(answer, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store, no-transform" },
  });
}
