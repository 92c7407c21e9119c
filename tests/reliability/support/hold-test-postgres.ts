import { startTestPostgres } from "../../../scripts/lib/test-postgres";

// Starts the test PostgreSQL, prints where it is, and holds it until killed: a test run that dies.
const postgres = await startTestPostgres();
console.log(JSON.stringify({ url: postgres.url, dir: postgres.dir }));
setInterval(() => undefined, 60_000);
