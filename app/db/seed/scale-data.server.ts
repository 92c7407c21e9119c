import { type SQL, sql } from "drizzle-orm";

import type { Database, Executor } from "../client.server";

// A catalogue at a real site's size, made by set-based SQL (one INSERT … SELECT per table), so 100,000
// deals take seconds and five million clicks a minute or two. Rows look like a shop's: brand + product titles, prices with
// discounts, a mix of published, draft and archived, some expired and some Amazon items. Numbering continues
// from what the tables hold, so the generator can run again on the same database.

export interface ScaleSizes {
  deals: number;
  coupons: number;
  stores: number;
  categories: number;
  clicks: number;
  gifts: number;
  guides: number;
  /** Recorded prices, spread over the deals that are not Amazon's (whose prices are not kept). */
  prices: number;
  /** Sourcing candidates from a feed and a network: most waiting, some rejected or approved. */
  candidates: number;
  /** Network transactions, most naming a seeded click. */
  earnings: number;
}

export const defaultScaleSizes: ScaleSizes = {
  deals: 100_000,
  coupons: 20_000,
  stores: 2_000,
  categories: 200,
  clicks: 5_000_000,
  gifts: 5_000,
  guides: 500,
  prices: 3_000_000,
  candidates: 20_000,
  earnings: 200_000,
};

const BRANDS = [
  "Anker",
  "Sony",
  "Samsung",
  "Logitech",
  "Philips",
  "Dyson",
  "Ninja",
  "Bose",
  "JBL",
  "Lenovo",
  "Asus",
  "Nike",
  "Adidas",
  "Lego",
  "Fitbit",
  "Keurig",
  "Cuisinart",
  "Oral-B",
  "Garmin",
  "Razer",
  "Shark",
  "Instant",
  "Kindle",
  "TP-Link",
  "Eufy",
];
const PRODUCTS = [
  "Wireless Earbuds",
  "Robot Vacuum",
  "Air Fryer",
  "4K Monitor",
  "Mechanical Keyboard",
  "Gaming Mouse",
  "Smart Watch",
  "Bluetooth Speaker",
  "Electric Toothbrush",
  "Running Shoes",
  "Travel Backpack",
  "Coffee Maker",
  "Blender",
  "USB-C Charger",
  "Power Bank",
  "Standing Desk",
  "Office Chair",
  "Tablet",
  "Noise Cancelling Headphones",
  "Pressure Cooker",
  "Mesh Wi-Fi System",
  "Security Camera",
  "Drone",
  "E-Reader",
  "Stroller",
];
const VARIANTS = ["", "Pro", "Max", "Mini", "2-Pack", "Plus", "Lite", "Gen 2", "Ultra", "Bundle", "XL", "Renewed"];
const STORE_WORDS = ["Outlet", "Direct", "Market", "Depot", "Supply", "Shop", "Warehouse", "Goods", "Store", "Mart"];
const CATEGORY_WORDS = [
  "Electronics",
  "Home",
  "Kitchen",
  "Fashion",
  "Toys",
  "Sports",
  "Beauty",
  "Garden",
  "Office",
  "Baby",
  "Pets",
  "Automotive",
  "Books",
  "Health",
  "Outdoors",
  "Gaming",
  "Audio",
  "Computers",
  "Tools",
  "Travel",
];
const IMAGES = [
  "earbuds",
  "vacuum",
  "air-fryer",
  "monitor",
  "console",
  "speaker",
  "toothbrush",
  "shoes",
  "backpack",
  "coffee",
  "blender",
  "tablet",
  "headphones",
  "pressure-cooker",
  "drone",
  "ereader",
  "stroller",
  "smartwatch",
  "tv",
  "jacket",
];

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
/** The n-th element (1-based, wrapping) of a literal text array. */
const pick = (values: readonly string[], n: SQL) => sql`(${textArray(values)})[1 + ((${n}) % ${values.length})]`;
/** A random element of an array column from a CTE, or NULL for an empty array. */
const randomOf = (array: SQL) => sql`(${array})[1 + floor(random() * coalesce(array_length(${array}, 1), 0))::int]`;
const slugOf = (title: SQL, n: SQL) =>
  sql`trim(both '-' from lower(regexp_replace(${title}, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || ${n}`;
/** A time up to `days` days back, spread evenly. */
const daysAgo = (days: number) => sql`now() - random() * interval '1 day' * ${days}`;
// Dates the forms store as whole days (UTC): from a day's first instant, until its last.
const dayStart = (time: SQL) => sql`(date_trunc('day', (${time}) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
const dayEnd = (time: SQL) => sql`(${dayStart(time)} + interval '1 day' - interval '1 millisecond')`;
const status = sql`(CASE WHEN random() < 0.8 THEN 'published' WHEN random() < 0.75 THEN 'draft' ELSE 'archived' END)::content_status`;

async function countOf(db: Executor, table: string): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}

/** Numbers i from after the table's current count, `size` of them. */
async function series(db: Executor, table: string, size: number): Promise<SQL> {
  const start = (await countOf(db, table)) + 1;
  return sql`generate_series(${start}::int, ${start + size - 1}::int) AS i`;
}

async function seedStores(db: Executor, size: number) {
  const name = sql`${pick(BRANDS, sql`i * 7`)} || ' ' || ${pick(STORE_WORDS, sql`i`)} || ' ' || i`;
  // Every store with the owner's affiliate link, as a publisher's stores have (one in ten without, so
  // Needs attention has a few to list).
  await db.execute(sql`
    INSERT INTO stores (name, slug, logo_url, affiliate_url, created_at, updated_at)
    SELECT ${name}, ${slugOf(name, sql`i`)}, '/demo/store-target.svg',
      CASE WHEN i % 10 = 0 THEN NULL ELSE 'https://partner.example/store/' || i || '?aff=dealdash' END, t, t
    FROM (SELECT i, ${daysAgo(1000)} AS t FROM ${await series(db, "stores", size)}) base`);
}

async function seedCategories(db: Executor, size: number) {
  const top = Math.max(1, Math.round(size / 10));
  const topName = sql`${pick(CATEGORY_WORDS, sql`i`)} || ' ' || i`;
  await db.execute(sql`
    INSERT INTO categories (name, slug, description)
    SELECT ${topName}, ${slugOf(topName, sql`i`)}, 'Deals on ' || ${pick(CATEGORY_WORDS, sql`i`)}
    FROM ${await series(db, "categories", top)}`);
  const childName = sql`${pick(PRODUCTS, sql`i`)} || ' ' || i`;
  await db.execute(sql`
    WITH parents AS MATERIALIZED (SELECT array_agg(id) AS ids FROM categories WHERE parent_id IS NULL)
    INSERT INTO categories (name, slug, parent_id)
    SELECT ${childName}, ${slugOf(childName, sql`i`)}, ${randomOf(sql`parents.ids`)}
    FROM ${await series(db, "categories", size - top)}, parents`);
}

const productTitle = sql`trim(${pick(BRANDS, sql`i * 13`)} || ' ' || ${pick(PRODUCTS, sql`i`)} || ' ' || ${pick(VARIANTS, sql`i / 25`)})`;
const image = sql`'/demo/' || ${pick(IMAGES, sql`i`)} || '.svg'`;
const ids = (table: string) => sql`(SELECT array_agg(id) AS ids FROM ${sql.identifier(table)})`;

async function seedDeals(db: Executor, size: number) {
  await db.execute(sql`
    WITH s AS MATERIALIZED ${ids("stores")}, c AS MATERIALIZED ${ids("categories")}
    INSERT INTO deals (title, slug, short_description, image_url, current_price, original_price, discount_percentage,
      affiliate_url, store_id, category_id, status, featured, amazon_asin, price_updated_at, rating, review_count,
      expires_at, is_hot, created_at, updated_at)
    SELECT title, ${slugOf(sql`title`, sql`i`)}, 'Save on the ' || title || ' while stock lasts.', ${image},
      price, original,
      -- the app's rounding (lib/discount.ts) in the same floating point, so an edit or import changes nothing
      CASE WHEN original IS NULL THEN NULL ELSE floor((original::float8 - price::float8) / original::float8 * 100 + 0.5)::int END,
      'https://shop.example/p/' || i, ${randomOf(sql`s.ids`)}, CASE WHEN random() < 0.9 THEN ${randomOf(sql`c.ids`)} END,
      ${status}, random() < 0.02,
      CASE WHEN amazon THEN 'B0' || lpad(upper(to_hex(i)), 8, '0') END,
      CASE WHEN amazon AND random() < 0.7 THEN ${daysAgo(3)} END,
      round((3 + random() * 2)::numeric, 1), floor(random() * 5000)::int,
      CASE WHEN random() < 0.1 THEN ${dayEnd(daysAgo(60))} WHEN random() < 0.2 THEN ${dayEnd(sql`now() + random() * interval '60 days'`)} END,
      random() < 0.05, created, created
    FROM s, c, (
      SELECT *, CASE WHEN random() < 0.7 THEN round(price * (1.1 + random())::numeric, 2) END AS original
      FROM (SELECT i, ${productTitle} AS title, round((5 + random() * 495)::numeric, 2) AS price,
        random() < 0.3 AS amazon, ${daysAgo(730)} AS created FROM ${await series(db, "deals", size)}) base) item`);
}

async function seedCoupons(db: Executor, size: number) {
  await db.execute(sql`
    WITH s AS MATERIALIZED ${ids("stores")}
    INSERT INTO coupons (title, description, store_id, coupon_code, discount_type, discount_value, valid_from, valid_until,
      status, featured, created_at, updated_at)
    SELECT CASE WHEN percentage THEN amount || '% off ' ELSE '$' || amount || ' off ' END || ${pick(PRODUCTS, sql`i`)},
      'Use this code at checkout.', ${randomOf(sql`s.ids`)},
      CASE WHEN random() < 0.85 THEN upper(${pick(BRANDS, sql`i`)}) || (i % 100) END,
      CASE WHEN percentage THEN 'percentage' ELSE 'fixed' END::discount_type, amount,
      CASE WHEN phase < 0.05 THEN ${dayStart(sql`now() + interval '3 days'`)} END,
      CASE WHEN phase < 0.05 THEN ${dayEnd(sql`now() + interval '40 days'`)} WHEN phase < 0.2 THEN ${dayEnd(daysAgo(90))}
        WHEN phase < 0.7 THEN ${dayEnd(sql`now() + interval '10 days' + random() * interval '120 days'`)} END,
      ${status}, random() < 0.03, created, created
    FROM s, (
      SELECT *, CASE WHEN percentage THEN 5 + floor(random() * 60) ELSE 5 + floor(random() * 95) END AS amount
      FROM (SELECT i, random() < 0.7 AS percentage, random() AS phase, ${daysAgo(365)} AS created FROM ${await series(db, "coupons", size)}) base) item`);
}

async function seedGifts(db: Executor, size: number) {
  await db.execute(sql`
    WITH s AS MATERIALIZED ${ids("stores")}
    INSERT INTO gift_ideas (title, slug, description, image_url, product_url, store_id, price, rating, status, featured,
      show_in_gift_guide, created_at, updated_at)
    SELECT title, ${slugOf(sql`title`, sql`i`)}, 'A gift they will use every day.', ${image}, 'https://shop.example/g/' || i,
      ${randomOf(sql`s.ids`)}, round((10 + random() * 290)::numeric, 2), round((3.5 + random() * 1.5)::numeric, 1),
      ${status}, random() < 0.03, random() < 0.5, created, created
    FROM s, (SELECT i, ${productTitle} AS title, ${daysAgo(730)} AS created FROM ${await series(db, "gift_ideas", size)}) base`);
}

async function seedGuides(db: Executor, size: number) {
  const title = sql`'How to choose ' || lower(${pick(PRODUCTS, sql`i`)}) || ' (' || i || ')'`;
  await db.execute(sql`
    WITH c AS MATERIALIZED ${ids("categories")}
    INSERT INTO buying_guides (title, slug, excerpt, content, cover_image_url, read_time, status, category_id, created_at, updated_at)
    SELECT ${title}, ${slugOf(title, sql`i`)}, 'What matters, what does not, and our picks.',
      '<h2>What to look for</h2><p>Battery life, build quality and a fair price.</p>', '/demo/guide-tablets.svg',
      3 + (i % 10), ${status}, ${randomOf(sql`c.ids`)}, created, created
    FROM c, (SELECT i, ${daysAgo(730)} AS created FROM ${await series(db, "buying_guides", size)}) base`);
}

/**
 * A year of clicks as a shop sees them: a few items take most of them (the n-th newest item is picked with
 * weight falling like a power law), 15% on coupons (a third of those a code shown), with the item's store
 * and category, a placement, a referrer for 40% and a device class.
 */
async function seedClicks(db: Executor, size: number) {
  // Items are numbered newest first and joined by number (indexing a large array per row would copy it).
  await db.execute(sql`
    WITH d AS MATERIALIZED (SELECT id, store_id, category_id, row_number() OVER (ORDER BY created_at DESC) AS n FROM deals),
    k AS MATERIALIZED (SELECT id, store_id, row_number() OVER (ORDER BY created_at DESC) AS n FROM coupons),
    sizes AS (SELECT (SELECT count(*) FROM d) AS deals, (SELECT count(*) FROM k) AS coupons),
    base AS (
      SELECT i, coupon, 1 + floor(power(random(), 3) * CASE WHEN coupon THEN sizes.coupons ELSE sizes.deals END)::int AS n
      FROM sizes, (SELECT i, random() < 0.15 AS coupon FROM generate_series(1, ${size}::int) AS i) picked
      WHERE sizes.deals > 0 AND (NOT coupon OR sizes.coupons > 0)
    )
    INSERT INTO clicks (kind, item_id, action, store_id, category_id, placement, referrer_host, device, created_at)
    SELECT CASE WHEN coupon THEN 'coupon' ELSE 'deal' END, coalesce(k.id, d.id),
      CASE WHEN coupon AND random() < 0.33 THEN 'reveal' ELSE 'click' END,
      coalesce(k.store_id, d.store_id), d.category_id,
      ${pick(["deal-dashes", "deal-page", "guide", "home-hot", "store-page", "search"], sql`i`)},
      CASE WHEN random() < 0.4 THEN ${pick(["www.google.com", "www.bing.com", "t.co", "www.facebook.com", "duckduckgo.com"], sql`i * 3`)} END,
      ${pick(["phone", "phone", "desktop", "tablet"], sql`i * 5`)},
      ${daysAgo(365)}
    FROM base LEFT JOIN d ON NOT base.coupon AND d.n = base.n LEFT JOIN k ON base.coupon AND k.n = base.n`);
}

/**
 * Earlier prices of the deals that are not Amazon's, as many per deal as make `size` rows, a change every
 * few days back from now (each deal's price of today is recorded already, by the trigger that records changes).
 */
async function seedPrices(db: Executor, size: number) {
  await db.execute(sql`
    WITH own AS MATERIALIZED (SELECT id, current_price FROM deals WHERE amazon_asin IS NULL),
    per AS (SELECT ceil(${size}::float8 / greatest(1, (SELECT count(*) FROM own)))::int AS n)
    INSERT INTO price_history (item_kind, item_id, price, source, recorded_at)
    SELECT 'deal', own.id, round(own.current_price * (0.8 + random() * 0.5)::numeric, 2), 'owner',
      now() - (k * interval '4 days') - random() * interval '3 days'
    FROM own, per, generate_series(1, per.n) AS k`);
}

/**
 * A year of sourcing: candidates from a feed and an Awin source (a tip now and then), most waiting, a fifth
 * rejected within the last 60 days, some approved, with scores and savings as the queue sorts by. The two
 * sources own the candidates but have no settings to read, so they are switched off.
 */
async function seedCandidates(db: Executor, size: number) {
  await db.execute(sql`
    INSERT INTO sourcing_sources (kind, name, settings, enabled)
    SELECT kind, name, '{}'::jsonb, false FROM (VALUES ('feed', 'Scale feed'), ('awin', 'Scale Awin')) AS s(kind, name)
    WHERE NOT EXISTS (SELECT 1 FROM sourcing_sources WHERE sourcing_sources.name = s.name)`);
  await db.execute(sql`
    WITH f AS MATERIALIZED (SELECT id FROM sourcing_sources WHERE name = 'Scale feed'),
    a AS MATERIALIZED (SELECT id FROM sourcing_sources WHERE name = 'Scale Awin')
    INSERT INTO sourcing_candidates (source, source_id, external_id, kind, dedupe_key, url, title, price, original_price,
      score, score_reasons, status, reject_reason, reviewed_at, seen_at, created_at)
    SELECT CASE WHEN i % 97 = 0 THEN 'tip' WHEN i % 10 = 0 THEN 'awin' ELSE 'feed' END,
      CASE WHEN i % 97 = 0 THEN NULL WHEN i % 10 = 0 THEN a.id ELSE f.id END,
      CASE WHEN i % 97 <> 0 THEN 'scale-' || i END, 'deal',
      'url:https://offers.example/p/' || i, 'https://offers.example/p/' || i, ${productTitle},
      price, round(price * 1.6, 2), (i * 7) % 80, '["Saves 38%"]'::jsonb,
      CASE WHEN i % 5 = 0 THEN 'rejected' WHEN i % 7 = 0 THEN 'approved' ELSE 'pending' END,
      CASE WHEN i % 5 = 0 THEN 'Not a real saving' END,
      CASE WHEN i % 5 = 0 OR i % 7 = 0 THEN now() - (i % 60) * interval '1 day' END,
      now() - (i % 3) * interval '1 hour', ${daysAgo(365)}
    FROM f, a, (SELECT i, round((5 + random() * 495)::numeric, 2) AS price FROM ${await series(db, "sourcing_candidates", size)}) base`);
}

/**
 * A year of network transactions: 19 in 20 name one of the seeded clicks out (copying its item, store,
 * category, placement and referrer, as an import does), made a few hours after it; the rest name no click
 * of ours. Mostly approved or paid, some pending, one in ten declined; in US dollars, converted afterwards.
 */
async function seedEarnings(db: Executor, size: number) {
  const attributed = Math.round(size * 0.95);
  await db.execute(sql`
    WITH picked AS (
      SELECT id, kind, item_id, store_id, category_id, placement, referrer_host, created_at FROM clicks
      WHERE action = 'click' AND random() < least(1, ${attributed * 1.2}::float8 / greatest(1, (SELECT count(*) FROM clicks)))
      LIMIT ${attributed}::int
    ), base AS (
      SELECT row_number() OVER () AS i, picked.* FROM picked
      UNION ALL
      SELECT ${attributed}::int + g, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ${daysAgo(365)}
      FROM generate_series(1, ${size - attributed}::int) AS g
    )
    INSERT INTO earnings (network, external_id, status, sale_amount, commission, currency, transacted_at, clicked_at,
      sub_id, click_id, kind, item_id, store_id, category_id, placement, referrer_host)
    SELECT CASE WHEN i % 3 = 0 THEN 'cj' ELSE 'awin' END, 'scale-' || i || '-' || md5(random()::text),
      (CASE WHEN i % 10 = 0 THEN 'declined' WHEN i % 10 < 3 THEN 'pending' WHEN i % 10 < 5 THEN 'paid' ELSE 'approved' END)::earning_status,
      amount * 12, amount, 'USD', least(now(), created_at + random() * interval '6 hours'), created_at,
      coalesce(id::text, 'not-ours-' || i), id, kind, item_id, store_id, category_id, placement, referrer_host
    FROM (SELECT base.*, round((0.5 + random() * 40)::numeric, 2) AS amount FROM base) priced`);
}

export interface SeedOptions {
  /** Fills columns computed from other rows (a deal's popularity from its clicks) before the vacuum. */
  derive?: (db: Database) => Promise<unknown>;
  /**
   * Checkpoint after every table: for the embedded database, which has no checkpointer, so the write-ahead
   * log of a million-row seed would otherwise stay on disk until the next start.
   */
  checkpoints?: boolean;
}

/**
 * Adds `sizes` rows per table to the database, in dependency order, in one transaction, then vacuums and
 * analyzes. Returns the seconds each table took.
 */
export async function seedScaleData(
  db: Database,
  sizes: ScaleSizes,
  { derive, checkpoints = false }: SeedOptions = {},
): Promise<Array<[string, number]>> {
  const steps: Array<[keyof ScaleSizes, (tx: Executor, size: number) => Promise<void>]> = [
    ["stores", seedStores],
    ["categories", seedCategories],
    ["deals", seedDeals],
    ["coupons", seedCoupons],
    ["gifts", seedGifts],
    ["guides", seedGuides],
    ["clicks", seedClicks],
    ["prices", seedPrices],
    ["candidates", seedCandidates],
    ["earnings", seedEarnings],
  ];
  const timings: Array<[string, number]> = [];
  await db.transaction(async (tx) => {
    for (const [name, seed] of steps) {
      const started = performance.now();
      if (sizes[name] > 0) await seed(tx, sizes[name]);
      // A checkpoint inside the transaction still frees the log written before it (no undo needs it).
      if (checkpoints) await tx.execute(sql`CHECKPOINT`);
      timings.push([name, (performance.now() - started) / 1000]);
    }
  });
  await derive?.(db);
  // Bulk-loaded tables start with no visibility map and no statistics; the embedded database has no
  // autovacuum to make them, so do it here (index-only scans and good plans need both).
  await db.execute(sql`VACUUM ANALYZE`);
  if (checkpoints) await db.execute(sql`CHECKPOINT`);
  return timings;
}
