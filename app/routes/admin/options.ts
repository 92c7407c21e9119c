import { isUuid } from "#app/lib/uuid";
import { searchEmbeds } from "#app/modules/catalogue/embeds.server";
import { searchOptions } from "#app/modules/catalogue/options.server";
import { contentTypes } from "#app/modules/catalogue/registry.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/options";

// GET /admin/options/<type key>?q=&exclude=: a combobox's matches (a store for a deal, a parent category).
// With `embed=1`, the published items a guide can embed, with a picture and a line of detail.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const type = contentTypes.find((candidate) => candidate.key === params.key);
  if (!type) return Response.json({ options: [] }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const q = search.get("q") ?? "";
  const exclude = search.get("exclude");
  const options =
    search.get("embed") === "1"
      ? type.embed
        ? await searchEmbeds(type, context.db, q)
        : []
      : await searchOptions(type, context.db, q, { exclude: isUuid(exclude) ? exclude : undefined });
  return Response.json({ options }, { headers: { "Cache-Control": "private, no-store" } });
}
