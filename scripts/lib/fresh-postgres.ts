import pg from "pg";

/** Runs one statement on the server at `url` on a connection of its own (CREATE DATABASE refuses a transaction). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server at `url`. */
export function databaseAt(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A fresh database on the PostgreSQL server at `url`, dropped by the returned function. */
export async function freshPostgres(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  return {
    url: databaseAt(url, name),
    drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The PostgreSQL server the tests use: TEST_DATABASE_URL, which `npm test` sets (to its own server if unset). */
export function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "PostgreSQL tests need a server: run them through `npm test` (it starts one) or set TEST_DATABASE_URL",
    );
  return url;
}
