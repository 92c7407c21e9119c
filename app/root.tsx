import { lazy, Suspense } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "./components/site/error-page";
import { useNonce } from "./platform/nonce";
import { takeToast } from "./platform/toast.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = takeToast(request);
  // The canonical origin, for absolute URLs in meta tags (canonical, Open Graph, JSON-LD).
  return data({ toast, siteUrl: context.env.PUBLIC_URL }, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// The toast library loads only where a toast can show (the admin, or a page handed a toast), so public
// pages do not ship it.
const Toasts = lazy(() => import("./components/ui/toaster").then((module) => ({ default: module.Toasts })));

export default function App({ loaderData }: Route.ComponentProps) {
  const inAdmin = useLocation().pathname.startsWith("/admin");
  return (
    <>
      <Outlet />
      {inAdmin || loaderData.toast ? (
        <Suspense fallback={null}>
          <Toasts toast={loaderData.toast} />
        </Suspense>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
