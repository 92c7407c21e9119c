import { amazonTrackingIds, readTrackingIds, setAmazonTrackingIds } from "./amazon-tracking-ids";
import { isTimeZone, setSiteTimeZone, siteTimeZone } from "./dates";
import { isCurrency, isLocale, setSiteFollowsEuRules, setSiteMoney, siteFollowsEuRules, siteMoney } from "./money";

// The site's time zone, currency, locale, price rules and Amazon tracking IDs travel to the browser in the page's `<meta>` tags,
// written by the root, so the browser renders dates and prices as the server did before it hydrates.

/** The `<meta>` tags' names and contents for this request. */
export function siteFormatsMeta(): Array<{ name: string; content: string }> {
  const money = siteMoney();
  return [
    { name: "site-time-zone", content: siteTimeZone() },
    { name: "site-currency", content: money.currency },
    { name: "site-locale", content: money.locale },
    { name: "site-price-rules", content: siteFollowsEuRules() ? "eu" : "plain" },
    { name: "site-amazon-tracking-ids", content: JSON.stringify(amazonTrackingIds()) },
  ];
}

/** Takes the site's formats from the page's `<meta>` tags. */
export function takeSiteFormats(document: Document): void {
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
  const zone = meta("site-time-zone");
  if (isTimeZone(zone)) setSiteTimeZone(zone);
  const [currency, locale] = [meta("site-currency"), meta("site-locale")];
  if (isCurrency(currency) && isLocale(locale)) setSiteMoney({ currency, locale });
  setSiteFollowsEuRules(meta("site-price-rules") === "eu");
  try {
    setAmazonTrackingIds(readTrackingIds(JSON.parse(meta("site-amazon-tracking-ids") || "{}")));
  } catch {
    setAmazonTrackingIds({});
  }
}
