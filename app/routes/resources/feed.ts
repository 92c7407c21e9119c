import { data } from "react-router";

import type { FeedFormat } from "#app/lib/feed-links";
import { feedDocument } from "#app/modules/feeds/feed-document.server";
import { readListFeed } from "#app/modules/feeds/list-feeds.server";

import type { Route } from "./+types/feed";

/** `/feeds/<list path>.rss|.atom?<the list's query>`: the list's first page as a feed (feed-links.ts). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const [, pagePath, format] = /^(.+)\.(rss|atom)$/.exec(params["*"] ?? "") ?? [];
  const url = new URL(request.url);
  const list = pagePath ? await readListFeed(context.db, `/${pagePath}`, url.searchParams) : null;
  if (!list || !format) throw data("Not found", { status: 404 });
  return feedDocument(format as FeedFormat, context.env.PUBLIC_URL, list, url.search);
}
