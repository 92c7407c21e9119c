import type { ServerBuild } from "react-router";

// The built app's routes as URL patterns, for tests that walk them (role access, form fuzz, link crawl).
// No runtime import of react-router here: it would load React in development mode beside the bundle's.

/** Full URL patterns of the routes, by id (`/admin/deals/edit/:id`, `/*`). */
export function routePatterns(build: ServerBuild): Map<string, string> {
  const patternOf = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? patternOf(route.parentId) : "";
    return `${parent}/${route.path ?? ""}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
  };
  return new Map(Object.keys(build.routes).map((id) => [id, patternOf(id)]));
}

/** Whether a route pattern (`/gift-ideas/:slug`, `/*`) matches a path. */
export function matchPath(pattern: string, path: string): boolean {
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`).test(path);
}

/** A pattern without a splat beats one with; then the longer one. */
export const bySpecificity = (a: string, b: string) =>
  Number(a.includes("*")) - Number(b.includes("*")) || b.length - a.length;

/** The most specific route matching `pathname` among those `accepts` takes (by id), or undefined. */
export function routeFor(
  build: ServerBuild,
  pathname: string,
  accepts: (id: string) => boolean = () => true,
): { id: string; pattern: string } | undefined {
  const [found] = [...routePatterns(build)]
    .filter(([id, pattern]) => accepts(id) && matchPath(pattern, pathname))
    .sort(([, a], [, b]) => bySpecificity(a, b));
  return found && { id: found[0], pattern: found[1] };
}
