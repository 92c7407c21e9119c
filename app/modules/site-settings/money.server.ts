import { eq } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { announceContentChange } from "#app/db/content-change-notice.server";
import { siteSettings } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { DEFAULT_MONEY, isCurrency, isLocale, type SiteMoney } from "#app/lib/money";
import { euRulesByDefault } from "#app/lib/reference-price";
import { chosenMarketplace } from "#app/modules/amazon/amazon-settings.server";
import { findMarketplace } from "#app/modules/amazon/marketplaces";
import { recordAudit } from "#app/modules/audit/audit.server";
import { forgetContentMemos, keptUntilContentChanges } from "#app/platform/content-memo.server";

// The site's currency and locale (Admin → Settings → Site), and whether the EU's price-reduction rules
// apply. Until the owner chooses, they follow the Amazon marketplace chosen in the Amazon settings, else US
// dollars in en-US; the EU rules follow the currency until the owner turns them on or off.

const KEY = "money";

export interface SiteMoneySettings extends SiteMoney {
  /** Reductions are measured against the lowest price of the prior 30 days (ADR 0040). */
  euPriceRules: boolean;
  /** Where the currency came from. */
  source: "owner" | "amazon" | "default";
  /** The owner's own choice of the EU rules, when made. */
  euPriceRulesChosen: boolean | null;
}

interface StoredMoney extends SiteMoney {
  euPriceRules?: boolean;
}

const isStoredMoney = (value: unknown): value is StoredMoney =>
  typeof value === "object" &&
  value !== null &&
  isCurrency(String((value as StoredMoney).currency)) &&
  isLocale(String((value as StoredMoney).locale));

/** The Amazon marketplace's currency and locale, when the owner has chosen a marketplace. */
async function amazonMoney(db: Executor): Promise<SiteMoney | null> {
  const marketplace = await chosenMarketplace(db);
  return (marketplace && findMarketplace(marketplace)?.money) || null;
}

/** The currency, locale and EU rules, read again when content changes (saving either is such a change). */
export const readSiteMoney = keptUntilContentChanges(async (db: Executor): Promise<SiteMoneySettings> => {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const stored = isStoredMoney(row?.value) ? row.value : null;
  const amazon = stored ? null : await amazonMoney(db);
  const money = stored ?? amazon ?? DEFAULT_MONEY;
  const chosen = typeof stored?.euPriceRules === "boolean" ? stored.euPriceRules : null;
  return {
    currency: money.currency,
    locale: money.locale,
    euPriceRules: chosen ?? euRulesByDefault(money.currency),
    euPriceRulesChosen: chosen,
    source: stored ? "owner" : amazon ? "amazon" : "default",
  };
});

/**
 * Saves the currency, locale and EU rules (null: by the currency), audited; every page shows prices in
 * them from the next request on. False for a currency or locale the runtime does not know.
 */
export async function saveSiteMoney(
  db: Executor,
  money: SiteMoney & { euPriceRules: boolean | null },
  actor: Actor,
): Promise<boolean> {
  if (!isCurrency(money.currency) || !isLocale(money.locale)) return false;
  const value: StoredMoney = {
    currency: money.currency,
    locale: money.locale,
    ...(money.euPriceRules === null ? {} : { euPriceRules: money.euPriceRules }),
  };
  await db
    .insert(siteSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  await recordAudit(db, { action: "update", actor, entity: "site-settings", detail: { ...value } });
  await announceContentChange(db, "site_settings");
  forgetContentMemos();
  return true;
}
