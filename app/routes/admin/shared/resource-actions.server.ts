import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { requireAdmin } from "#app/platform/auth.server";
import type { Database } from "#app/db/client.server";
import { db } from "#app/db/database.server";
import { isUuid } from "#app/lib/uuid";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { logger } from "#app/platform/logger.server";
import type { Actor, DeleteResult, SaveResult } from "#app/modules/resource/mutations.server";
import { redirectWithToast, toastCookie } from "#app/platform/toast.server";
import { readFormData } from "#app/lib/form-data";

// The admin list and form routes of every resource share these three steps.


/** The row an edit form needs, or back to the list with the spec's "Failed to fetch …" toast. */
export async function loadForEdit<Row>(
  id: string | undefined,
  load: (db: Database, id: string) => Promise<Row | null>,
  fallback: { listPath: string; failedMessage: string },
): Promise<Row | null> {
  if (id === undefined) return null;
  const row = isUuid(id) ? await load(db(), id) : null;
  if (!row) throw redirectWithToast(fallback.listPath, errorToast(fallback.failedMessage));
  return row;
}

/**
 * A fetcher action's outcome: the toast travels in the flash cookie, and the answer is always 200 because
 * React Router skips revalidating (and so the root loader's toast) after a 4xx/5xx action.
 */
export const toastAnswer = (toast: Toast) => data({ ok: toast.type === "success" }, { headers: { "Set-Cookie": toastCookie(toast) } });

/**
 * A list route's delete. The toast (success, "in use" refusal, or failure) travels in the flash cookie:
 * the deleted row's own button unmounts as the list revalidates, and the root loader shows it instead.
 */
export async function handleDelete(
  request: Request,
  remove: (db: Database, actor: Actor, id: string) => Promise<DeleteResult>,
  messages: { deleted: string; failed: string },
) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const id = form.get("id");
  if (form.get("intent") !== "delete" || !isUuid(id)) return toastAnswer(errorToast(messages.failed));
  try {
    const result = await remove(db(), admin.user, id);
    if (result.ok) return toastAnswer(successToast(messages.deleted));
    return toastAnswer(errorToast(result.reason === "in-use" ? result.message : messages.failed));
  } catch (error) {
    logger.error({ err: error, id }, "delete failed");
    return toastAnswer(errorToast(messages.failed));
  }
}

/**
 * A form route's save: validate with the form's own schema, create or update, then back to the list with
 * the success toast. Field errors (including 'Slug already in use') return to the form.
 */
export async function handleSave<Schema extends z.ZodType, Row>(
  request: Request,
  id: string | undefined,
  options: {
    schema: Schema;
    create: (db: Database, actor: Actor, input: z.output<Schema>) => Promise<SaveResult<Row>>;
    update: (db: Database, actor: Actor, id: string, input: z.output<Schema>) => Promise<SaveResult<Row>>;
    listPath: string;
    messages: { created: string; updated: string; failed: string };
  },
) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readFormData(request), { schema: options.schema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  if (id !== undefined && !isUuid(id)) throw redirectWithToast(options.listPath, errorToast(options.messages.failed));
  try {
    const result =
      id === undefined
        ? await options.create(db(), admin.user, submission.value)
        : await options.update(db(), admin.user, id, submission.value);
    if (result.ok) {
      return redirectWithToast(options.listPath, successToast(id === undefined ? options.messages.created : options.messages.updated));
    }
    if (result.reason === "not-found") return redirectWithToast(options.listPath, errorToast(options.messages.failed));
    return data({ result: submission.reply({ fieldErrors: result.fieldErrors }), toast: null }, { status: 400 });
  } catch (error) {
    logger.error({ err: error, id }, "save failed");
    return data({ result: submission.reply(), toast: errorToast(options.messages.failed) }, { status: 500 });
  }
}
