/**
 * The spec's slug rule: lowercase, runs of anything but letters and digits become one hyphen,
 * no leading or trailing hyphen. Accented Latin letters are folded to ASCII first
 * ("Ünïcode & Co" → "unicode-co"); other scripts are dropped, so a slug is always URL-safe ASCII.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
