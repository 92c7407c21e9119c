import type { AppLoadContext } from "react-router";
import { z } from "zod";

import { readFormData } from "#app/lib/form-data";

import { allowAttempt, type RateLimit, visitorKey } from "./rate-limit.server";

// A visitor's form post (contact, deal alerts, the newsletter), checked in the same order everywhere: the
// form's own messages; a bot that filled the hidden `website` field (told it worked, nothing stored); then
// the visitor's rate limit, so a bot never spends a real visitor's attempts.

export type PublicPost<Data> =
  | { outcome: "invalid"; errors: Record<string, string[] | undefined>; first: string }
  | { outcome: "bot" }
  | { outcome: "limited" }
  | { outcome: "accepted"; data: Data };

export async function readPublicPost<Data extends { website?: string }>(
  request: Request,
  context: Pick<AppLoadContext, "db" | "clientIp" | "appSecret">,
  schema: z.ZodType<Data>,
  limit: RateLimit,
): Promise<{ form: FormData; post: PublicPost<Data> }> {
  const form = await readFormData(request);
  const parsed = schema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")),
  );
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    return { form, post: { outcome: "invalid", errors, first: parsed.error.issues[0]!.message } };
  }
  if (parsed.data.website) return { form, post: { outcome: "bot" } };
  const allowed = await allowAttempt(context.db, limit, visitorKey(context.clientIp, context.appSecret));
  return { form, post: allowed ? { outcome: "accepted", data: parsed.data } : { outcome: "limited" } };
}
