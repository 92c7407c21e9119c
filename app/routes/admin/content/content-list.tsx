import { ContentList } from "#app/components/admin/content-list";

import type { Route } from "./+types/content-list";
import { listAction, loadList } from "./list.server";

// Every content type's admin list; which type comes from the URL (/admin/<segment>).

export const loader = (args: Route.LoaderArgs) => loadList(args);

export const action = (args: Route.ActionArgs) => listAction(args);

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  return <ContentList {...loaderData} />;
}
