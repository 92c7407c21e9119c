// The sitemap protocol's two documents (sitemaps.org): a URL set and an index of URL sets.

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

const lastmodTag = (lastmod: Date | null) => (lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "");

function xmlDocument(root: string, tag: string, entries: Array<{ loc: string; lastmod: Date | null }>): Response {
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries.map(({ loc, lastmod }) => `  <${tag}><loc>${escapeXml(loc)}</loc>${lastmodTag(lastmod)}</${tag}>`),
    `</${root}>`,
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const urlSet = (entries: Array<{ loc: string; lastmod: Date | null }>) => xmlDocument("urlset", "url", entries);
export const sitemapIndex = (entries: Array<{ loc: string; lastmod: Date | null }>) =>
  xmlDocument("sitemapindex", "sitemap", entries);
