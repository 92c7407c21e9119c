import type { SiteMoney } from "#app/lib/money";

// Amazon marketplaces: the PA-API 5.0 host and signing region of each, and the Creators API credential
// version family of its region (2.1 North America, 2.2 Europe, 2.3 Far East). Sources in ADR 0006.

export interface Marketplace {
  marketplace: string;
  label: string;
  paapiHost: string;
  paapiRegion: "us-east-1" | "eu-west-1" | "us-west-2";
  creatorsVersion: "2.1" | "2.2" | "2.3";
  /** The currency its prices come in, and the locale its shoppers read them in: the site's default. */
  money: SiteMoney;
}

const na = { paapiRegion: "us-east-1", creatorsVersion: "2.1" } as const;
const eu = { paapiRegion: "eu-west-1", creatorsVersion: "2.2" } as const;
const fe = { paapiRegion: "us-west-2", creatorsVersion: "2.3" } as const;

const entry = (
  marketplace: string,
  label: string,
  region: typeof na | typeof eu | typeof fe,
  currency: string,
  locale: string,
): Marketplace => ({
  marketplace,
  label,
  paapiHost: marketplace.replace(/^www\./, "webservices."),
  ...region,
  money: { currency, locale },
});

export const MARKETPLACES: readonly Marketplace[] = [
  entry("www.amazon.com", "United States (amazon.com)", na, "USD", "en-US"),
  entry("www.amazon.ca", "Canada (amazon.ca)", na, "CAD", "en-CA"),
  entry("www.amazon.com.mx", "Mexico (amazon.com.mx)", na, "MXN", "es-MX"),
  entry("www.amazon.com.br", "Brazil (amazon.com.br)", na, "BRL", "pt-BR"),
  entry("www.amazon.co.uk", "United Kingdom (amazon.co.uk)", eu, "GBP", "en-GB"),
  entry("www.amazon.de", "Germany (amazon.de)", eu, "EUR", "de-DE"),
  entry("www.amazon.fr", "France (amazon.fr)", eu, "EUR", "fr-FR"),
  entry("www.amazon.it", "Italy (amazon.it)", eu, "EUR", "it-IT"),
  entry("www.amazon.es", "Spain (amazon.es)", eu, "EUR", "es-ES"),
  entry("www.amazon.nl", "Netherlands (amazon.nl)", eu, "EUR", "nl-NL"),
  entry("www.amazon.se", "Sweden (amazon.se)", eu, "SEK", "sv-SE"),
  entry("www.amazon.pl", "Poland (amazon.pl)", eu, "PLN", "pl-PL"),
  entry("www.amazon.com.be", "Belgium (amazon.com.be)", eu, "EUR", "fr-BE"),
  entry("www.amazon.com.tr", "Turkey (amazon.com.tr)", eu, "TRY", "tr-TR"),
  entry("www.amazon.ae", "United Arab Emirates (amazon.ae)", eu, "AED", "en-AE"),
  entry("www.amazon.sa", "Saudi Arabia (amazon.sa)", eu, "SAR", "en-SA"),
  entry("www.amazon.eg", "Egypt (amazon.eg)", eu, "EGP", "en-EG"),
  entry("www.amazon.in", "India (amazon.in)", eu, "INR", "en-IN"),
  entry("www.amazon.co.jp", "Japan (amazon.co.jp)", fe, "JPY", "ja-JP"),
  entry("www.amazon.com.au", "Australia (amazon.com.au)", fe, "AUD", "en-AU"),
  entry("www.amazon.sg", "Singapore (amazon.sg)", fe, "SGD", "en-SG"),
];

export const DEFAULT_MARKETPLACE = "www.amazon.com";

export function findMarketplace(marketplace: string): Marketplace | undefined {
  return MARKETPLACES.find((entry) => entry.marketplace === marketplace);
}

/** OAuth token endpoints of the Creators API credential versions (Cognito for 2.x, Login with Amazon for 3.x). */
export const CREATORS_TOKEN_ENDPOINTS: Record<string, string> = {
  "2.1": "https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token",
  "2.2": "https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token",
  "2.3": "https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token",
  "3.1": "https://api.amazon.com/auth/o2/token",
  "3.2": "https://api.amazon.co.uk/auth/o2/token",
  "3.3": "https://api.amazon.co.jp/auth/o2/token",
};

export const CREATORS_API_BASE = "https://creatorsapi.amazon";
