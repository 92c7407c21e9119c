import { signInOverHttp } from "./scripts/lib/admin-over-http";
const base = process.argv[2] ?? "http://localhost:3456";
const cookie = await signInOverHttp(base, { email: "admin@example.com", password: "admin-password-1" });
const paths = process.argv.slice(3);
for (const path of paths) {
  const times: number[] = []; let bytes = 0; let status = 0;
  for (let i = 0; i < 12; i++) {
    const t0 = performance.now();
    const r = await fetch(base + path, { headers: { cookie, origin: base } });
    const b = await r.arrayBuffer(); status = r.status; bytes = b.byteLength;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(path.padEnd(60), status, `p50 ${times[6]!.toFixed(0)} ms max ${times[11]!.toFixed(0)} ms`, `${(bytes/1024).toFixed(0)} KiB`);
}
