/** True when HTML shows no text: an empty editor's `<p></p>`, or only spaces. */
export function isBlankHtml(html: string | undefined): boolean {
  return !html || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "";
}
