import { sitemapIndex } from "#app/lib/sitemap-xml";
import { sitemapFiles } from "#app/modules/catalogue/sitemap.server";

import type { Route } from "./+types/sitemap";

/** The sitemap index: the site's pages and each type's live pages, in files of at most 50,000 URLs. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.env.PUBLIC_URL;
  const files = await sitemapFiles(context.db);
  return sitemapIndex(files.map((file) => ({ loc: `${site}/sitemaps/${file.name}.xml`, lastmod: file.lastmod })));
}
