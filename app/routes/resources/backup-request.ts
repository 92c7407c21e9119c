import { BACKUP_REQUEST_HEADER, isBackupRequest, isLoopback } from "#app/modules/backups/backup-request.server";

import type { Route } from "./+types/backup-request";

// `npm run backup` asking the running server (the embedded database is the server's alone): from this
// machine, signed with the app secret. The answer is a line per step of progress, then the result, as JSON.

export async function action({ request, context }: Route.ActionArgs) {
  if (!isLoopback(context.clientIp) || !isBackupRequest(context.appSecret, request.headers.get(BACKUP_REQUEST_HEADER)))
    return new Response("Not found", { status: 404 });
  const body = (await request.json().catch(() => ({}))) as { folder?: unknown };
  const folder = typeof body.folder === "string" && body.folder.startsWith("/") ? body.folder : undefined;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const line = (value: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      try {
        const made = await context.backUp({ folder, onProgress: (progress) => line({ progress }) });
        line({ done: made });
      } catch (error) {
        line({ error: error instanceof Error ? error.message : String(error) });
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}
