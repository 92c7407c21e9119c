/**
 * A same-site path to redirect to, or the fallback. Only paths starting with one "/" qualify:
 * "//evil.example", "/\\evil.example" and absolute URLs would leave the site.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
