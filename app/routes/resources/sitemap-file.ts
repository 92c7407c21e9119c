import { data } from "react-router";

import { urlSet } from "#app/lib/sitemap-xml";
import { sitemapFileEntries, sitemapFiles } from "#app/modules/catalogue/sitemap.server";

import type { Route } from "./+types/sitemap-file";

const SITE_PAGES = [
  "/",
  "/deal-dashes",
  "/coupons",
  "/gift-ideas",
  "/buying-guides",
  "/about",
  "/contact",
  "/disclaimer",
  "/privacy",
];

/** One file of the sitemap index: the site's own pages (`pages.xml`) or a type's live pages (`deals-1.xml`). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const site = context.env.PUBLIC_URL;
  const name = params.file.replace(/\.xml$/, "");
  if (name === "pages") {
    const [pages] = await sitemapFiles(context.db);
    return urlSet(SITE_PAGES.map((path) => ({ loc: site + path, lastmod: pages?.lastmod ?? null })));
  }
  const entries = params.file.endsWith(".xml") ? await sitemapFileEntries(context.db, name) : null;
  if (!entries) throw data("Not found", { status: 404 });
  return urlSet(entries.map((entry) => ({ loc: site + entry.path, lastmod: entry.lastmod })));
}
