import type { Executor } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";

export async function saveContactMessage(db: Executor, message: { name: string; email: string; message: string }) {
  await db.insert(contactMessages).values(message);
}
