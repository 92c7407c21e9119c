import type { Route } from "./+types/sitemap";
import { contentSitemapEntries } from "#app/modules/content-types/sitemap.server";

const STATIC_PATHS = ["/", "/deal-dashes", "/coupons", "/gift-ideas", "/buying-guides", "/about", "/contact", "/disclaimer", "/privacy"];
const MAX_URLS = 50_000;

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Every published public URL, with when it last changed. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.env.PUBLIC_URL;
  const content = await contentSitemapEntries(context.db, MAX_URLS);
  const newest = content.reduce((latest, entry) => Math.max(latest, entry.lastmod.getTime()), 0);
  const entries = [...STATIC_PATHS.map((path) => ({ path, lastmod: newest ? new Date(newest) : null })), ...content];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(site + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
