import type { Executor } from "#app/db/client.server";
import { newsletterSubscribers } from "#app/db/schema";

/** Adds a subscriber; subscribing twice is not an error. Returns whether the address is new. */
export async function subscribe(db: Executor, email: string): Promise<{ created: boolean }> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
