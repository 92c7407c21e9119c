import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The site map, written out: every URL the app answers.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("deal-dashes", "routes/site/deal-dashes.tsx"),
    route("coupons", "routes/site/coupons.tsx"),
    route("gift-ideas", "routes/site/gift-ideas.tsx"),
    route("gift-ideas/:slug", "routes/site/gift-idea.tsx"),
    route("buying-guides", "routes/site/buying-guides.tsx"),
    route("buying-guides/:slug", "routes/site/buying-guide.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("disclaimer", "routes/site/disclaimer.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("newsletter", "routes/site/newsletter.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Admin: login and setup are open; everything under the layout requires a session.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("deals", "routes/admin/deals/deals-list.tsx"),
    route("deals/add", "routes/admin/deals/deal-form.tsx", { id: "admin/deals/add" }),
    route("deals/edit/:id", "routes/admin/deals/deal-form.tsx", { id: "admin/deals/edit" }),
    route("coupons", "routes/admin/coupons/coupons-list.tsx"),
    route("coupons/add", "routes/admin/coupons/coupon-form.tsx", { id: "admin/coupons/add" }),
    route("coupons/edit/:id", "routes/admin/coupons/coupon-form.tsx", { id: "admin/coupons/edit" }),
    route("gift-ideas", "routes/admin/gift-ideas/gift-ideas-list.tsx"),
    route("gift-ideas/add", "routes/admin/gift-ideas/gift-idea-form.tsx", { id: "admin/gift-ideas/add" }),
    route("gift-ideas/edit/:id", "routes/admin/gift-ideas/gift-idea-form.tsx", { id: "admin/gift-ideas/edit" }),
    route("buying-guides", "routes/admin/buying-guides/buying-guides-list.tsx"),
    route("buying-guides/add", "routes/admin/buying-guides/buying-guide-form.tsx", { id: "admin/buying-guides/add" }),
    route("buying-guides/edit/:id", "routes/admin/buying-guides/buying-guide-form.tsx", { id: "admin/buying-guides/edit" }),
    route("stores", "routes/admin/stores/stores-list.tsx"),
    route("stores/add", "routes/admin/stores/store-form.tsx", { id: "admin/stores/add" }),
    route("stores/edit/:id", "routes/admin/stores/store-form.tsx", { id: "admin/stores/edit" }),
    route("categories", "routes/admin/categories/categories-list.tsx"),
    route("categories/add", "routes/admin/categories/category-form.tsx", { id: "admin/categories/add" }),
    route("categories/edit/:id", "routes/admin/categories/category-form.tsx", { id: "admin/categories/edit" }),
    route("settings/amazon", "routes/admin/settings/amazon-settings.tsx"),
  ]),

  route("go/:kind/:id", "routes/resources/go.ts"),
  route("coupons/:id/code", "routes/resources/coupon-code.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("cookie-consent", "routes/resources/cookie-consent.ts"),
] satisfies RouteConfig;
