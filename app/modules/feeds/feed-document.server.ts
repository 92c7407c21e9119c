import { FEED_FORMATS, type FeedFormat, feedPath, listQuery } from "#app/lib/feed-links";
import { SITE_NAME } from "#app/lib/seo";

import type { ListFeed } from "./list-feeds.server";

// RSS 2.0 and Atom 1.0 written here, every text node escaped: titles and summaries are the owner's text (and
// feeds' text pulled from elsewhere), which may hold `]]>`, markup or characters XML 1.0 forbids. A CDATA
// writer that escapes only the first `]]>` let a title close its element and add a `<link>` of its own.

/** Characters XML 1.0 allows (§2.2): others, lone surrogates included, cannot be written at all. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as XML character data (or an attribute value). */
export const xmlText = (text: string) => text.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const element = (name: string, text: string, attributes = "") => `<${name}${attributes}>${xmlText(text)}</${name}>`;
const link = (attributes: Record<string, string>) =>
  `<link ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${xmlText(value)}"`)
    .join(" ")}/>`;

/** The feed as RSS 2.0 or Atom 1.0, with absolute links on `siteUrl`; `search` is the list's query. */
export function feedDocument(format: FeedFormat, siteUrl: string, list: ListFeed, search: string): Response {
  const pageUrl = `${siteUrl}${list.pagePath}${listQuery(search)}`;
  const selfUrl = siteUrl + feedPath(list.pagePath, search, format);
  // The newest entry's time: a feed whose entries did not change reads the same (readers and the page cache agree).
  const updated = new Date(Math.max(0, ...list.entries.map((entry) => entry.date.getTime())));
  const title = `${list.title} | ${SITE_NAME}`;
  const lines =
    format === "rss"
      ? [
          '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
          "<channel>",
          element("title", title),
          element("link", pageUrl),
          element("description", list.description),
          element("lastBuildDate", updated.toUTCString()),
          element("generator", SITE_NAME),
          element("language", "en"),
          `<atom:link href="${xmlText(selfUrl)}" rel="self" type="${FEED_FORMATS.rss.contentType}"/>`,
          ...list.entries.map((entry) =>
            [
              "<item>",
              element("title", entry.title),
              element("link", siteUrl + entry.path),
              element("guid", `urn:uuid:${entry.id}`, ' isPermaLink="false"'),
              element("pubDate", entry.date.toUTCString()),
              // RSS readers take a description as HTML: the plain summary is escaped once more to read as written.
              element("description", xmlText(entry.summary)),
              "</item>",
            ].join(""),
          ),
          "</channel>",
          "</rss>",
        ]
      : [
          '<feed xmlns="http://www.w3.org/2005/Atom">',
          element("id", pageUrl),
          element("title", title, ' type="text"'),
          element("updated", updated.toISOString()),
          element("generator", SITE_NAME),
          link({ rel: "alternate", href: pageUrl }),
          link({ rel: "self", href: selfUrl }),
          element("subtitle", list.description, ' type="text"'),
          ...list.entries.map((entry) =>
            [
              "<entry>",
              element("title", entry.title, ' type="text"'),
              element("id", `urn:uuid:${entry.id}`),
              link({ href: siteUrl + entry.path }),
              element("updated", entry.date.toISOString()),
              element("summary", entry.summary, ' type="text"'),
              "</entry>",
            ].join(""),
          ),
          "</feed>",
        ];
  return new Response(['<?xml version="1.0" encoding="utf-8"?>', ...lines].join("\n"), {
    headers: { "Content-Type": `${FEED_FORMATS[format].contentType}; charset=utf-8` },
  });
}
