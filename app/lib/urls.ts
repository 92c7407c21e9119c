/** True for absolute http(s) URLs: the only kind we store or link to (no javascript:, data:, ftp:). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Images may also be served by this site (the demo content's /demo/*.svg). */
export function isImageUrl(value: string): boolean {
  return isHttpUrl(value) || /^\/(?![/\\])[^\s]*$/.test(value);
}
