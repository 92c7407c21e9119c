import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import type { ContentListView } from "#app/components/admin/content-list";
import type { ContentFormView } from "#app/components/admin/content-form-frame";
import type { AdminListRow } from "#app/lib/admin-list";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import type { AnyContentType, ContentTable, ContentType } from "#app/modules/content-types/content-type";
import { deleteContent, getForEdit, saveContent } from "#app/modules/content-types/mutations.server";
import { contentTypeForAdminPath } from "#app/modules/content-types/registry.server";
import { adminPathOf as listPath, adminWordsOf, messagesOf, titleColumnOf } from "#app/modules/content-types/words";
import { requireAdmin } from "#app/platform/auth.server";
import { logger } from "#app/platform/logger.server";
import { redirectWithToast, toastCookie } from "#app/platform/toast.server";

// The admin's list and form plumbing, once for every content type: each route passes its type.

interface Args {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
}


/** The type whose list this request is for (the list route serves every type). */
export function listTypeFor(request: Request): AnyContentType {
  const type = contentTypeForAdminPath(new URL(request.url).pathname);
  if (!type) throw data("Not found", { status: 404 });
  return type;
}

export function listView(type: AnyContentType, count: number): ContentListView {
  const words = adminWordsOf(type);
  return {
    key: type.key,
    title: type.admin.title,
    heading: words.listHeading(count),
    addLabel: words.addLabel,
    addTo: `${listPath(type)}/add`,
    editTo: `${listPath(type)}/edit`,
    empty: type.admin.empty,
    columns: type.admin.columns,
    deleteQuestion: words.deleteQuestion,
  };
}

/** A row as the list shows it: its id, its name (title or name column) and the type's cells. */
export function listRow(type: AnyContentType, row: unknown): AdminListRow {
  const named = row as { id: string } & Record<string, unknown>;
  return { id: named.id, label: String(named[titleColumnOf(type).name] ?? ""), cells: type.admin.cells(row) };
}

/**
 * A fetcher action's outcome: the toast travels in the flash cookie, and the answer is always 200 because
 * React Router skips revalidating (and so the root loader's toast) after a 4xx/5xx action.
 */
export const toastAnswer = (toast: Toast) => data({ ok: toast.type === "success" }, { headers: { "Set-Cookie": toastCookie(toast) } });

/** A list's row actions: delete (refused with the reason while something still uses the row) or the type's own intents. */
export async function listAction({ request, context }: Args) {
  const admin = await requireAdmin(request);
  const type = listTypeFor(request);
  const form = await readFormData(request);
  const id = form.get("id");
  const intent = form.get("intent");
  const messages = messagesOf(type);
  const own = type.admin.intents?.find((candidate) => candidate.intent === intent);
  if (!isUuid(id) || (intent !== "delete" && !own)) return toastAnswer(errorToast(messages.deleteFailed));
  if (own) return toastAnswer(await own.run(context, id));
  try {
    const result = await deleteContent(type, context.db, admin.user, id);
    if (result.ok) return toastAnswer(successToast(messages.deleted));
    return toastAnswer(errorToast(result.reason === "in-use" ? result.message : messages.deleteFailed));
  } catch (error) {
    logger.error({ err: error, id }, "delete failed");
    return toastAnswer(errorToast(messages.deleteFailed));
  }
}

function formView(type: AnyContentType, editing: boolean): ContentFormView {
  const { formTitles, backLabel } = adminWordsOf(type);
  return {
    title: editing ? formTitles.edit : formTitles.add,
    submitLabel: editing ? formTitles.update : formTitles.create,
    listPath: listPath(type),
    backLabel,
  };
}

type Choices = Record<string, (db: AppLoadContext["db"]) => Promise<unknown>>;

/**
 * An add or edit form's data: the row being edited (back to the list with the type's "Failed to fetch …"
 * toast when there is none), the frame's words, and the choices the form offers, read in parallel.
 */
export async function loadContentForm<Table extends ContentTable, C extends Choices = Record<never, never>>(
  type: ContentType<unknown, unknown, Table>,
  { request, params, context }: Args,
  choices: C = {} as C,
) {
  await requireAdmin(request);
  const generic: AnyContentType = type;
  let row: Table["$inferSelect"] | null = null;
  if (params.id !== undefined) {
    row = isUuid(params.id) ? ((await getForEdit(generic, context.db, params.id)) as Table["$inferSelect"] | null) : null;
    if (!row) throw redirectWithToast(listPath(generic), errorToast(messagesOf(generic).loadFailed));
  }
  const read = await Promise.all(Object.entries(choices).map(async ([name, load]) => [name, await load(context.db)] as const));
  return { row, frame: formView(generic, row !== null), ...(Object.fromEntries(read) as { [K in keyof C]: Awaited<ReturnType<C[K]>> }) };
}

/**
 * A form's save: validate with the type's schema (the form's own), create or update, then back to the list
 * with the success toast. Field errors (including 'Slug already in use') return to the form.
 */
export async function saveContentForm(type: AnyContentType, { request, params, context }: Args) {
  const admin = await requireAdmin(request);
  const messages = messagesOf(type);
  const submission = parseWithZod(await readFormData(request), { schema: type.schema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const id = params.id;
  if (id !== undefined && !isUuid(id)) throw redirectWithToast(listPath(type), errorToast(messages.saveFailed));
  try {
    const result = await saveContent(type, context.db, admin.user, id, submission.value);
    if (result.ok) return redirectWithToast(listPath(type), successToast(id === undefined ? messages.created : messages.updated));
    if (result.reason === "not-found") return redirectWithToast(listPath(type), errorToast(messages.saveFailed));
    return data({ result: submission.reply({ fieldErrors: result.fieldErrors }), toast: null }, { status: 400 });
  } catch (error) {
    logger.error({ err: error, id }, "save failed");
    return data({ result: submission.reply(), toast: errorToast(messages.saveFailed) }, { status: 500 });
  }
}
