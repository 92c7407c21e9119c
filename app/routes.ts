import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The site map, written out: every URL the app answers.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("deal-dashes", "routes/site/deal-dashes.tsx"),
    route("coupons", "routes/site/coupons.tsx"),
    route("gift-ideas", "routes/site/gift-ideas.tsx"),
    route("buying-guides", "routes/site/buying-guides.tsx"),
    route("buying-guides/:slug", "routes/site/buying-guide.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("disclaimer", "routes/site/disclaimer.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("newsletter", "routes/site/newsletter.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("healthz", "routes/resources/healthz.ts"),
  route("cookie-consent", "routes/resources/cookie-consent.ts"),
] satisfies RouteConfig;
