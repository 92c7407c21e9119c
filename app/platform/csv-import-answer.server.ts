import type { ImportReport } from "#app/lib/csv-import-report";

import { type CsvUpload, csvUpload, ImportFileError } from "./csv-upload.server";
import { logger } from "./logger.server";

/** Whether an import request asks for a dry run (`?dryRun=1`): every line checked, nothing written. */
export const isDryRun = (request: Request) => new URL(request.url).searchParams.get("dryRun") === "1";

/**
 * A CSV import's answer, as a stream of JSON lines: {"done","progress"} as it goes (lines done, and how far
 * through the file, 0–1), then {"report"} or {"error"}. So a long file shows its progress. `run` reads the
 * upload and says each chunk's lines done; `log` names the import in the log of a real (not dry) run.
 */
export async function csvImportAnswer(
  request: Request,
  run: (upload: CsvUpload, onProgress: (done: number) => void) => Promise<ImportReport>,
  log: Record<string, unknown>,
): Promise<Response> {
  const body = new Uint8Array(await request.arrayBuffer());
  const encoding = request.headers.get("content-encoding");
  const encoder = new TextEncoder();
  const answer = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (message: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(message)}\n`));
      try {
        const upload = csvUpload(body, encoding);
        const report = await run(upload, (done) => send({ done, progress: upload.progress() }));
        send({ report });
        if (!isDryRun(request)) logger.info({ ...log, counts: report.counts }, "CSV import");
      } catch (error) {
        if (!(error instanceof ImportFileError)) logger.error({ ...log, err: error }, "CSV import failed");
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
