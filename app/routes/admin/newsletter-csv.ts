import { subscribersCsv } from "#app/modules/newsletter/subscribers.server";
import { requireAdmin } from "#app/platform/auth.server";
import type { Route } from "./+types/newsletter-csv";

// GET /admin/newsletter/csv: every newsletter address with its state, as a CSV download.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response(await subscribersCsv(context.db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="newsletter-subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
