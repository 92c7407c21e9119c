/** True when HTML shows no text: an empty editor's `<p></p>`, or only spaces. */
export function isBlankHtml(html: string | undefined): boolean {
  return !html || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "";
}

/** Words in HTML, for an estimated read time. */
export function countWords(html: string): number {
  return html.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;
}
