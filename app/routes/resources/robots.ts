import { getEnv } from "#app/platform/env.server";

export function loader() {
  const body = ["User-agent: *", "Disallow: /admin", "Disallow: /go/", "Disallow: /coupons/*/code", "", `Sitemap: ${getEnv().PUBLIC_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
