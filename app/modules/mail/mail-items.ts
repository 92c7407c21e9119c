import type { Teaser } from "#app/modules/content-types/teaser";

import type { MailItem } from "./mail-body.server";

// Items as a message lists them, the same in every message (digest, alerts): an item's teaser, linking to
// DealDash's own page. A teaser carries no Amazon price or picture (Amazon allows them for 24 hours, and
// a message is kept for good).

/** A picture's address as a mail client reaches it (the site's own pictures are relative). */
const absolute = (url: string, site: string) => new URL(url, `${site}/`).toString();

export function mailItemOf(site: string, item: Teaser, button: string): MailItem {
  return {
    label: item.title,
    url: site + item.path,
    note: item.summary,
    image: item.image ? absolute(item.image, site) : null,
    button,
  };
}
