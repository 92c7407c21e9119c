import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { type Executor, queryRows } from "#app/db/client.server";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

// Site search: full text (websearch syntax) over each type's search vector, forgiving a typo or so through
// the words of deal, coupon and guide titles (`search_words`, kept by triggers: drizzle/0011 and 0014).
// Each search word of four letters or more is matched against that short list by trigram similarity, and
// the nearest words join the full-text query as alternatives ('headphnes' → '(headphnes | headphones)').
// Every part is served by a GIN index: comparing the search with every title by similarity took 60–170 ms
// at 100,000 deals.

/** Words shorter than this are taken as typed: a short word has too many near neighbours. */
const CORRECTED_FROM = 4;
/** How many near words stand in for one search word. */
const NEAR_WORDS = 3;
/** Quotes, exclusions and OR ask for exactly what was typed: such a search is not widened. */
const WEBSEARCH_SYNTAX = /["-]|\bor\b/i;

/** A search's words, cut as titles' words are (drizzle/0011's `dealdash_title_words`). */
export function searchWordsOf(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The search as a full-text query in `to_tsquery` syntax whose words may each be one of their near title
 * words, or null when there is nothing to widen.
 */
async function lookUpTypoTolerantQuery(db: Executor, search: string): Promise<string | null> {
  const words = searchWordsOf(search).slice(0, 8);
  if (words.length === 0 || WEBSEARCH_SYNTAX.test(search) || !words.some((word) => word.length >= CORRECTED_FROM))
    return null;
  const [row] = await queryRows<{ query: string | null }>(
    db,
    sql`
    select string_agg(alternatives, ' & ' order by position) as query
    from unnest(array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) with ordinality as typed(word, position),
    lateral (
      select '(' || typed.word || coalesce(string_agg(' | ' || near.word, ''), '') || ')' as alternatives
      from (
        select word from search_words
        where length(typed.word) >= ${CORRECTED_FROM} and word % typed.word and word <> typed.word
        order by word <-> typed.word
        limit ${NEAR_WORDS}
      ) near
    ) widened`,
  );
  // Nothing near any word: the query as typed says it all.
  return row?.query?.includes("|") ? row.query : null;
}

/**
 * lookUpTypoTolerantQuery, kept until content changes (titles are content): the lookup is a round trip
 * that every section of a search waits for, and people repeat each other's searches.
 */
const typoTolerantQuery = keptUntilContentChanges(lookUpTypoTolerantQuery, { max: 1_000 });

/** A search over a text search vector: what a type's rows are matched against. */
export interface TextSearch {
  /** The search as typed. */
  search: string;
  /** Its typo-tolerant form (typoTolerantQuery), when there is one. */
  widened: string | null;
}

/** A search and its typo-tolerant form, worked out once per request and shared by every section. */
export async function textSearchOf(db: Executor, search: string): Promise<TextSearch> {
  return { search, widened: await typoTolerantQuery(db, search) };
}

/** Rows whose vector matches the search as typed. */
export const fullTextMatch = (vector: AnyPgColumn | SQL, search: string): SQL =>
  sql`${vector} @@ websearch_to_tsquery('english', ${search})`;

/** Rows whose vector matches the search as typed or, when given, with its words' near title words. */
export function textSearchMatch(vector: AnyPgColumn | SQL, { search, widened }: TextSearch): SQL {
  if (!widened) return fullTextMatch(vector, search);
  return sql`(${fullTextMatch(vector, search)} or ${vector} @@ to_tsquery('english', ${widened}))`;
}

/** How well a row's vector matches (title words weigh most): the search page's order. */
export function textSearchRank(vector: AnyPgColumn | SQL, { search, widened }: TextSearch): SQL<number> {
  const query = widened
    ? sql`(websearch_to_tsquery('english', ${search}) || to_tsquery('english', ${widened}))`
    : sql`websearch_to_tsquery('english', ${search})`;
  return sql<number>`ts_rank_cd(${vector}, ${query})`;
}
