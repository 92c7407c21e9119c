import http from "node:http";
import type { AddressInfo } from "node:net";

import type { Database } from "../../app/db/client.server";
import { stores, users } from "../../app/db/schema";
import { feedSourceSchema } from "../../app/modules/sourcing/source.schema";
import { runSource, saveSource } from "../../app/modules/sourcing/sources.server";
import { GADGET_FEED_HEADER, gadgetFeedForm } from "../../tests/support/gadget-feed";

// How long a network's feed takes to land in the review queue at the bench's size: a full feed of new
// offers, the same feed again (every offer already waiting, brought up to date), and a feed shrunk to 1,000
// new offers (the rest withdrawn from the queue). Runs in-process against the database the server used, the
// way the sourcing job runs it.

const BENCH_ACTOR = { id: "00000000-0000-4000-8000-00000000bec4", email: "sourcing-bench@dealdash.test" };

/** A CSV feed of `size` offers over the given stores, ids from `first`, prices that move with `round`. */
function feedCsv(size: number, storeNames: string[], first: number, round: number): string {
  const rows = [GADGET_FEED_HEADER];
  for (let i = first; i < first + size; i++)
    rows.push(
      `F${i},Bench feed gadget ${i},https://bench-feed.example/p/${i},https://track.example/?o=${i},https://bench-feed.example/${i}.jpg,${(20 + (i % 300) + round).toFixed(2)},${(60 + (i % 300)).toFixed(2)},${storeNames[i % storeNames.length]}`,
    );
  return rows.join("\n");
}

export async function timeFeedRuns(db: Database, size: number): Promise<void> {
  const storeNames = (await db.select({ name: stores.name }).from(stores).limit(200)).map((row) => row.name);
  let body = "";
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { "content-type": "text/csv" }).end(body),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`;
  const context = { appSecret: "b".repeat(32), allowPrivate: true, timeoutMs: 120_000, paceMs: 0 };
  await db
    .insert(users)
    .values({ id: BENCH_ACTOR.id, email: BENCH_ACTOR.email, name: "Sourcing bench" })
    .onConflictDoNothing();
  const id = (await saveSource(
    db,
    context.appSecret,
    { kind: "feed" },
    feedSourceSchema.parse(gadgetFeedForm("Bench feed", address)),
    BENCH_ACTOR,
  ))!;
  let at = Date.now();
  const run = async (label: string, feed: string) => {
    body = feed;
    at += 61 * 60_000; // due again: each run an hour after the last
    const started = performance.now();
    const outcome = await runSource(db, id, context, new Date(at));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${label.padEnd(44)} ${seconds.toFixed(1)} s  read ${outcome?.read ?? 0}, new ${outcome?.queued ?? 0}, updated ${outcome?.updated ?? 0}, withdrawn ${outcome?.withdrawn ?? 0}${outcome?.error ? `  (${outcome.error})` : ""}`,
    );
  };
  try {
    console.log(`  sourcing: a feed of ${size.toLocaleString("en-US")} offers into the review queue`);
    await run("full feed, every offer new", feedCsv(size, storeNames, 0, 0));
    await run("the same feed again, prices moved", feedCsv(size, storeNames, 0, 1));
    await run("a 1,000-offer feed, the rest withdrawn", feedCsv(1_000, storeNames, size, 0));
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
