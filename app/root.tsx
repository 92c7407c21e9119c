import "./app.css";

import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from "react-router";

import type { Route } from "./+types/root";
import { ErrorPage } from "./components/site/error-page";
import Toasts, { ToastsIsland } from "./components/ui/toaster";
import { IslandPreloads, IslandScripts, useIslandAssets } from "./islands/island-assets";
import { siteFormatsMeta } from "./lib/site-formats-meta";
import { useNonce } from "./platform/nonce";
import { takeToast } from "./platform/toast.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = takeToast(request);
  // The canonical origin, for absolute URLs in meta tags (canonical, Open Graph, JSON-LD).
  return data({ toast, siteUrl: context.env.PUBLIC_URL }, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** A route whose handle says `islands: true` (the public site) is not hydrated whole: its islands are. */
export interface RouteHandle {
  islands?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const assets = useIslandAssets();
  const islands = assets && matches.some((match) => (match.handle as RouteHandle | undefined)?.islands) ? assets : null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The zone, currency and price rules of the page: the browser reads them before it hydrates. */}
        {siteFormatsMeta().map((meta) => (
          <meta key={meta.name} name={meta.name} content={meta.content} />
        ))}
        <Meta />
        <Links />
        {islands ? <IslandPreloads assets={islands} /> : null}
      </head>
      <body className="min-h-screen">
        {children}
        {islands ? (
          <IslandScripts assets={islands} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const inAdmin = useLocation().pathname.startsWith("/admin");
  return (
    <>
      <Outlet />
      {inAdmin ? (
        <Toasts toast={loaderData.toast} />
      ) : loaderData.toast ? (
        <ToastsIsland toast={loaderData.toast} />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
