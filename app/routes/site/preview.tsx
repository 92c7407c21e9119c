import { data, redirect } from "react-router";

import { InfoPage, ReturnHomeLink } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";
import {
  PREVIEW_GONE,
  PREVIEW_HEADERS,
  previewPagePath,
  readPreviewLink,
} from "#app/modules/previews/preview-links.server";

import type { Route } from "./+types/preview";

// A preview link (`/preview/<token>`): a working one opens its item's page, marked as a preview; any other
// says why not. Never cached, never indexed.

export async function loader({ params, context }: Route.LoaderArgs) {
  const check = await readPreviewLink(context.db, context.appSecret, params.token);
  const path = check.ok ? await previewPagePath(context.db, check, params.token) : null;
  if (path) throw redirect(path, { headers: PREVIEW_HEADERS });
  return data(
    { message: check.ok ? PREVIEW_GONE : check.message },
    { status: check.ok ? 410 : check.status, headers: PREVIEW_HEADERS },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = () => [
  ...pageMeta("Preview link", "A private link to a page that is not published yet."),
  { name: "robots", content: "noindex" },
];

export default function Preview({ loaderData: { message } }: Route.ComponentProps) {
  return (
    <InfoPage title="Preview link">
      <p role="status">{message}</p>
      <ReturnHomeLink />
    </InfoPage>
  );
}
