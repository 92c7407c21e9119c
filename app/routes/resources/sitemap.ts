import { db } from "#app/db/database.server";
import { getEnv } from "#app/platform/env.server";
import { listPublicGuides } from "#app/modules/buying-guides/buying-guides.server";
import { listPublicGiftIdeas } from "#app/modules/gift-ideas/gift-ideas-public.server";

const STATIC_PATHS = ["/", "/deal-dashes", "/coupons", "/gift-ideas", "/buying-guides", "/about", "/contact", "/disclaimer", "/privacy"];
const MAX_URLS = 50_000;

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Every published public URL, with when it last changed. */
export async function loader() {
  const site = getEnv().PUBLIC_URL;
  const [{ guides }, gifts] = await Promise.all([listPublicGuides(db(), { limit: MAX_URLS }), listPublicGiftIdeas(db(), MAX_URLS)]);
  const newest = [...guides, ...gifts].reduce((latest, row) => Math.max(latest, new Date(row.updatedAt).getTime()), 0);
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: newest ? new Date(newest) : null })),
    ...guides.map((guide) => ({ path: `/buying-guides/${guide.slug}`, lastmod: new Date(guide.updatedAt) })),
    ...gifts.map((gift) => ({ path: `/gift-ideas/${gift.slug}`, lastmod: new Date(gift.updatedAt) })),
  ];
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
