import { signedToken, tokenMatches } from "#app/modules/mail/signed-link.server";
import type { AppServices } from "#app/platform/load-context";

// Double opt-in lists without accounts (the newsletter, deal alerts) reach their subscribers through signed
// links in messages: confirm, unsubscribe and (for alerts) manage. A link names its row by a query parameter
// and carries an HMAC of the step and the row, so only the address the message went to can follow it.

export type LinkServices = Pick<AppServices, "env" | "appSecret">;

/** A list's links: `/<path>/<step>?<param>=<row>&t=<token>`, signed for `<purpose>-<step>`. */
export interface ListLinks {
  path: string;
  param: string;
  purpose: string;
}

export const newsletterLinks: ListLinks = { path: "/newsletter", param: "s", purpose: "newsletter" };
export const alertLinks: ListLinks = { path: "/alerts", param: "a", purpose: "alert" };

/** A signed link to `step` for the row `id`; `signed` is what the token covers when not the id alone. */
export function subscriptionLink(services: LinkServices, list: ListLinks, step: string, id: string, signed = id) {
  const token = signedToken(services.appSecret, `${list.purpose}-${step}`, signed);
  return `${services.env.PUBLIC_URL}${list.path}/${step}?${list.param}=${id}&t=${token}`;
}

/** Whether a link's token was made by subscriptionLink for this step and signed value. */
export const subscriptionLinkMatches = (
  secret: string,
  list: ListLinks,
  step: string,
  signed: string,
  token: string | null,
) => tokenMatches(secret, `${list.purpose}-${step}`, signed, token);
