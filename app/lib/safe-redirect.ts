// Any origin will do: targets are resolved against it only to see whether they stay on it.
const SITE = new URL("http://dealdash.invalid");

/**
 * A same-site path to redirect to, or the fallback. The target is parsed the way a browser would resolve
 * it (tabs and line breaks dropped, backslashes read as slashes), and only a result on our own origin is
 * kept, re-serialised so that nothing in it can break the Location header.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE.origin) return fallback;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser would read as another host.
  return `/${url.pathname.replace(/^\/+/, "")}${url.search}${url.hash}`;
}
