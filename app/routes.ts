import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

import { faces } from "#app/modules/catalogue/faces";
import { formRouteOf, hasPreviews, segmentOf } from "#app/modules/content-types/words";

// The site map, written out: every URL the app answers.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("deal-dashes", "routes/site/deal-dashes.tsx"),
    route("coupons", "routes/site/coupons.tsx"),
    route("coupons/:id/show", "routes/site/coupon-show.tsx"),
    route("deals/:slug", "routes/site/deal.tsx"),
    route("search", "routes/site/search.tsx"),
    route("stores", "routes/site/stores.tsx"),
    route("stores/:slug", "routes/site/store.tsx"),
    route("categories/:slug", "routes/site/category.tsx"),
    route("gift-ideas", "routes/site/gift-ideas.tsx"),
    route("gift-ideas/:slug", "routes/site/gift-idea.tsx"),
    route("buying-guides", "routes/site/buying-guides.tsx"),
    route("buying-guides/:slug", "routes/site/buying-guide.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("submit-a-deal", "routes/site/submit-a-deal.tsx"),
    route("preview/:token", "routes/site/preview.tsx"),
    route("disclaimer", "routes/site/disclaimer.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("newsletter", "routes/site/newsletter.tsx"),
    // One page for every subscription list's confirm and unsubscribe links.
    ...["newsletter", "alerts"].flatMap((list) =>
      ["confirm", "unsubscribe"].map((step) =>
        route(`${list}/${step}`, "routes/site/subscription-link.tsx", { id: `${list}-${step}` }),
      ),
    ),
    route("alerts/new", "routes/site/alert-new.tsx"),
    route("alerts/manage", "routes/site/alert-manage.tsx"),
    route("alerts/deleted", "routes/site/alert-deleted.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Admin: login, setup and an invitation's page are open; everything under the layout requires a session.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/two-factor", "routes/admin/login-two-factor.tsx"),
  route("admin/login/passkey", "routes/admin/login-passkey.ts"),
  route("admin/setup", "routes/admin/setup.tsx"),
  route("admin/invitation", "routes/admin/invitation.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/options/:key", "routes/admin/options.ts"),
  route("admin/passkey", "routes/admin/passkey.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("analytics/csv", "routes/admin/analytics-csv.ts"),
    route("attention", "routes/admin/attention.tsx"),
    route("calendar", "routes/admin/calendar.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("jobs/backups/:name", "routes/admin/backup-download.ts"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("sourcing", "routes/admin/sourcing.tsx"),
    route("sourcing/sources", "routes/admin/sourcing-sources.tsx"),
    route("earnings", "routes/admin/earnings.tsx"),
    route("earnings/csv", "routes/admin/earnings-csv.ts"),
    route("earnings/rates", "routes/admin/earnings-rates.ts"),
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("newsletter/csv", "routes/admin/newsletter-csv.ts"),
    // Each content type: its list and its CSV export/import (one route file each for all), and its own
    // form for add and edit.
    ...faces.flatMap((type) => {
      const segment = segmentOf(type);
      return [
        route(segment, "routes/admin/content/content-list.tsx", { id: `admin/${segment}` }),
        route(`${segment}/csv`, "routes/admin/content/content-csv.ts", { id: `admin/${segment}/csv` }),
        route(`${segment}/add`, formRouteOf(type), { id: `admin/${segment}/add` }),
        route(`${segment}/edit/:id`, formRouteOf(type), { id: `admin/${segment}/edit` }),
        route(`${segment}/revisions/:id`, "routes/admin/content/content-revisions.tsx", {
          id: `admin/${segment}/revisions`,
        }),
        // Preview links, for types whose items have a page of their own and a status.
        ...(hasPreviews(type)
          ? [
              route(`${segment}/previews/:id`, "routes/admin/content/content-previews.ts", {
                id: `admin/${segment}/previews`,
              }),
            ]
          : []),
      ];
    }),
    route("settings/amazon", "routes/admin/settings/amazon-settings.tsx"),
    route("settings/webhooks", "routes/admin/settings/webhooks.tsx"),
    route("settings/site", "routes/admin/settings/site-settings.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("security", "routes/admin/security.tsx"),
    route("confirm", "routes/admin/confirm.tsx"),
  ]),

  route("go/:kind/:id", "routes/resources/go.ts"),
  route("coupons/:id/code", "routes/resources/coupon-code.ts"),
  route("votes/:kind/:id", "routes/resources/vote.ts"),
  route("newsletter/subscribe", "routes/resources/newsletter-subscribe.ts"),
  route("api/amazon-product", "routes/resources/amazon-product.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("feeds/*", "routes/resources/feed.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-file.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("internal/backup", "routes/resources/backup-request.ts"),
  route("cookie-consent", "routes/resources/cookie-consent.ts"),
] satisfies RouteConfig;
