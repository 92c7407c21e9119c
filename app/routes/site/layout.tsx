import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";

import { ErrorPage } from "#app/components/site/error-page";
import { IconSprite } from "#app/components/site/icon-sprite";
import { SiteFooter } from "#app/components/site/site-footer";
import { SiteHeader } from "#app/components/site/site-header";
import { CookieBanner } from "#app/islands/cookie-banner";
import { CONSENT_COOKIE, readCookie } from "#app/lib/cookies";
import type { RouteHandle } from "#app/root";

import type { Route } from "./+types/layout";

export const handle: RouteHandle = { islands: true };

export function loader({ request }: Route.LoaderArgs) {
  return { consentDecided: readCookie(request.headers.get("cookie"), CONSENT_COOKIE) !== null };
}

function Frame({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("routes/site/layout");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <IconSprite />
      <SiteHeader />
      <div id="main" className="flex-1">
        {children}
      </div>
      <SiteFooter />
      {/* Left out for a visitor whose cookie says they chose (their page is not shared: the page cache keys on it). */}
      {data?.consentDecided ? null : <CookieBanner />}
    </div>
  );
}

export default function SiteLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </Frame>
  );
}
