import { signInOverHttp } from "./scripts/lib/admin-over-http";
const base = "http://localhost:3456";
const cookie = await signInOverHttp(base, { email: "admin@example.com", password: "admin-password-1" });
const r = await fetch(base + process.argv[2], { headers: { cookie } });
process.stdout.write(await r.text());
