import { eq } from "drizzle-orm";

import type { Executor } from "./client.server";
import { rollUpMarks } from "./schema";

// How far each incremental job has read (`roll_up_marks`): the click roll-up, recent clicks per type, deal
// alerts, webhook events. A job reads its mark, does its work, then writes the mark, so a run that fails
// half-way is repeated over the same span.

export async function readMark(db: Executor, name: string): Promise<Date | undefined> {
  const [mark] = await db
    .select({ coveredUntil: rollUpMarks.coveredUntil })
    .from(rollUpMarks)
    .where(eq(rollUpMarks.name, name));
  return mark?.coveredUntil;
}

export async function writeMark(db: Executor, name: string, coveredUntil: Date): Promise<void> {
  await db
    .insert(rollUpMarks)
    .values({ name, coveredUntil })
    .onConflictDoUpdate({ target: rollUpMarks.name, set: { coveredUntil } });
}
