import { isTimeZone, setSiteTimeZone } from "./dates";

/** Takes the site's time zone from the page (`<meta name="site-time-zone">`, written by the root). */
export function takeSiteTimeZone(document: Document): void {
  const zone = document.querySelector<HTMLMetaElement>('meta[name="site-time-zone"]')?.content;
  if (zone && isTimeZone(zone)) setSiteTimeZone(zone);
}
