import { data } from "react-router";

import { ErrorPage } from "#app/components/site/error-page";
import { pageMeta } from "#app/lib/seo";
import { logger } from "#app/platform/logger.server";

import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  logger.warn({ path }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Page not found", "The page you are looking for does not exist."),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
