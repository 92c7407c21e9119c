import { ContentList } from "#app/components/admin/content-list";
import { requireAdmin } from "#app/platform/auth.server";
import { listAction, listRow, listTypeFor, listView } from "./content.server";
import type { Route } from "./+types/content-list";

// Every content type's admin list; which type comes from the URL (/admin/<segment>).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const type = listTypeFor(request);
  const rows = (await type.admin.list(context.db)).map((row) => listRow(type, row));
  return { view: listView(type, rows.length), rows };
}

export const action = (args: Route.ActionArgs) => listAction(args);

export default function ContentListPage({ loaderData: { view, rows } }: Route.ComponentProps) {
  return <ContentList view={view} rows={rows} />;
}
