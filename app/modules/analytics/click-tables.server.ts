import type { Executor } from "#app/db/client.server";
import { categories, stores } from "#app/db/schema";
import { itemNames, namesOf, nounOfKind } from "#app/modules/catalogue/item-names.server";

import type { ReportRow } from "./analytics-view";
import type { Counted } from "./click-range-tops.server";
import type { Facet } from "./click-roll-up.server";

// What each table of the click report counts, and how its counted values read to a person.

export type TableKey = "items" | "stores" | "categories" | "placements" | "referrers" | "devices" | "reveals";

export const tableFacets: Record<TableKey, { facet: Facet; action: "click" | "reveal" }> = {
  items: { facet: "item", action: "click" },
  stores: { facet: "store", action: "click" },
  categories: { facet: "category", action: "click" },
  placements: { facet: "placement", action: "click" },
  referrers: { facet: "referrer", action: "click" },
  devices: { facet: "device", action: "click" },
  reveals: { facet: "item", action: "reveal" },
};

const humanize = (value: string) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, " ") : "Unknown";

/** A click-out's referrer when it is the site itself: a shopper's click on one of its pages. */
const OWN_PAGES = "This site's own pages";

/**
 * Labels each counted value: item titles with their admin pages, store and category names, readable words;
 * the site's own host (`siteHost`) as its own pages.
 */
export async function labelled(
  db: Executor,
  key: TableKey,
  counted: Counted[],
  siteHost?: string,
): Promise<ReportRow[]> {
  const { facet } = tableFacets[key];
  if (facet === "item") {
    const names = await itemNames(
      db,
      counted.map((row) => ({ kind: row.kind, id: row.value })),
    );
    return counted.map((row) => {
      const name = names.get(`${row.kind}:${row.value}`);
      const noun = name?.noun ?? nounOfKind(row.kind);
      return {
        value: row.value,
        clicks: row.clicks,
        // Clicks outlive their item: say what it was, in the type's words ("Deleted gift idea · Gift Idea").
        label: name?.label ?? `Deleted ${noun.toLowerCase()}`,
        kind: noun,
        href: name?.href,
      };
    });
  }
  if (facet === "store" || facet === "category") {
    const table = facet === "store" ? stores : categories;
    const names = await namesOf(
      db,
      table,
      table.name,
      counted.map((row) => row.value),
    );
    const none = facet === "store" ? "No store" : "No category";
    return counted.map((row) => ({
      value: row.value,
      clicks: row.clicks,
      label: row.value ? (names.get(row.value) ?? `Deleted ${facet}`) : none,
    }));
  }
  if (facet === "referrer")
    return counted.map((row) => ({
      value: row.value,
      clicks: row.clicks,
      label: row.value === siteHost ? OWN_PAGES : row.value || "Direct or unknown",
    }));
  return counted.map((row) => ({
    value: row.value,
    clicks: row.clicks,
    label: humanize(row.value),
  }));
}
