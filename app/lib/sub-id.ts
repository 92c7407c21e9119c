// A click's id rides in the affiliate network's sub-ID parameter, so the network's report of a sale names the
// click that made it (and through it the item, placement and referrer). Networks are known by their link
// hosts; any other link can carry the id where the owner writes CLICK_ID_PLACEHOLDER.

export const CLICK_ID_PLACEHOLDER = "{click_id}";

export interface SubIdSlot {
  network: string;
  /** Where the id goes: a query parameter, or (Partnerize) a `key:value` path segment. */
  param: string;
  in: "query" | "path";
}

const NETWORKS: Array<SubIdSlot & { hosts: string[] }> = [
  { network: "Awin", hosts: ["awin1.com"], param: "clickref", in: "query" },
  {
    network: "CJ",
    hosts: [
      "anrdoezrs.net",
      "awltovhc.com",
      "dpbolvw.net",
      "emjcd.com",
      "ftjcfx.com",
      "jdoqocy.com",
      "kqzyfj.com",
      "lduhtrp.net",
      "qksrv.net",
      "tkqlhce.com",
      "tqlkg.com",
      "yceml.net",
    ],
    param: "sid",
    in: "query",
  },
  { network: "Impact", hosts: ["sjv.io", "pxf.io", "7eer.net", "evyy.net", "ojrq.net"], param: "subId1", in: "query" },
  { network: "Rakuten", hosts: ["linksynergy.com"], param: "u1", in: "query" },
  // Partnerize reads the publisher's reference from a path segment (`/pubref:…/`) before the destination.
  { network: "Partnerize", hosts: ["prf.hn"], param: "pubref", in: "path" },
];

const PLACEHOLDERS = [CLICK_ID_PLACEHOLDER, encodeURIComponent(CLICK_ID_PLACEHOLDER)];

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Where a link carries a click's id: the owner's placeholder, else its network's sub-ID; null for neither. */
export function subIdSlotOf(url: string): SubIdSlot | null {
  if (PLACEHOLDERS.some((placeholder) => url.includes(placeholder)))
    return { network: "Link", param: CLICK_ID_PLACEHOLDER, in: "query" };
  const host = hostOf(url);
  if (!host) return null;
  const found = NETWORKS.find((network) => network.hosts.some((known) => host === known || host.endsWith(`.${known}`)));
  if (!found) return null;
  const { hosts: _hosts, ...slot } = found;
  return slot;
}

/**
 * The link with `clickId` in its sub-ID slot (replacing what was there), or, with no id (a click not counted),
 * the link with its placeholder emptied: a shopper never sees `{click_id}`.
 */
export function withClickId(url: string, clickId: string | null): string {
  const slot = subIdSlotOf(url);
  if (!slot) return url;
  if (slot.param === CLICK_ID_PLACEHOLDER)
    return PLACEHOLDERS.reduce((link, placeholder) => link.split(placeholder).join(clickId ?? ""), url);
  if (!clickId) return url;
  const parsed = new URL(url);
  if (slot.in === "query") {
    parsed.searchParams.set(slot.param, clickId);
    return parsed.toString();
  }
  const segments = parsed.pathname.split("/").filter((segment) => !segment.startsWith(`${slot.param}:`));
  const destination = segments.findIndex((segment) => segment.startsWith("destination:"));
  segments.splice(destination === -1 ? segments.length : destination, 0, `${slot.param}:${clickId}`);
  parsed.pathname = segments.join("/");
  return parsed.toString();
}
