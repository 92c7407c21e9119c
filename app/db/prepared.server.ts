import type { Executor } from "./client.server";

/**
 * A query built once per database (or transaction) and kept prepared: a hot page's query is not rebuilt
 * on every request (drizzle builds a deal page's SQL in about a millisecond), and PostgreSQL parses it
 * once per connection. `build` puts `sql.placeholder`s where the values go and calls `.prepare(name)`,
 * with a name no other prepared query uses.
 */
export function preparedPer<Prepared>(build: (db: Executor) => Prepared): (db: Executor) => Prepared {
  const kept = new WeakMap<Executor, Prepared>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) {
      prepared = build(db);
      kept.set(db, prepared);
    }
    return prepared;
  };
}
