import { Feed } from "feed";
import { SITE_NAME } from "#app/lib/seo";
import { FEED_FORMATS, feedPath, listQuery, type FeedFormat } from "#app/lib/feed-links";
import type { ListFeed } from "./list-feeds.server";

/** The feed as RSS 2.0 or Atom 1.0, with absolute links on `siteUrl`; `search` is the list's query. */
export function feedDocument(format: FeedFormat, siteUrl: string, list: ListFeed, search: string): Response {
  const pageUrl = `${siteUrl}${list.pagePath}${listQuery(search)}`;
  // The newest entry's time: a feed whose entries did not change reads the same (readers and the page cache agree).
  const updated = new Date(Math.max(0, ...list.entries.map((entry) => entry.date.getTime())));
  const feed = new Feed({
    id: pageUrl,
    title: `${list.title} | ${SITE_NAME}`,
    description: list.description,
    link: pageUrl,
    language: "en",
    updated,
    generator: SITE_NAME,
    feedLinks: { rss: siteUrl + feedPath(list.pagePath, search, "rss"), atom: siteUrl + feedPath(list.pagePath, search, "atom") },
  });
  for (const entry of list.entries) {
    feed.addItem({
      id: `urn:uuid:${entry.id}`,
      title: entry.title,
      link: siteUrl + entry.path,
      description: entry.summary,
      date: entry.date,
    });
  }
  return new Response(format === "rss" ? feed.rss2() : feed.atom1(), {
    headers: { "Content-Type": `${FEED_FORMATS[format].contentType}; charset=utf-8` },
  });
}
