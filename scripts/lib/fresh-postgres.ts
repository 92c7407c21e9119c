import pg from "pg";

/** A fresh database on the PostgreSQL server at `url`, dropped by the returned function. */
export async function freshPostgres(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const adminClient = new pg.Client({ connectionString: url });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
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
