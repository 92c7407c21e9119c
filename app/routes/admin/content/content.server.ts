import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import type { ContentListView } from "#app/components/admin/content-list";
import type { ContentFormView } from "#app/components/admin/content-form-frame";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import type { AnyContentType, ContentTable, ContentType } from "#app/modules/content-types/content-type";
import { deleteContent, getForEdit, saveContent } from "#app/modules/content-types/mutations.server";
import { contentTypeForAdminPath } from "#app/modules/content-types/registry.server";
import { requireAdmin } from "#app/platform/auth.server";
import { logger } from "#app/platform/logger.server";
import { redirectWithToast, toastCookie } from "#app/platform/toast.server";

// The admin's list and form plumbing, once for every content type: each route passes its type.

interface Args {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
}

const capitalise = (words: string) => words.replace(/\b\w/g, (letter) => letter.toUpperCase());
const listPath = (type: AnyContentType) => `/admin/${type.segment}`;

/** The type whose list this request is for (the list route serves every type). */
export function listTypeFor(request: Request): AnyContentType {
  const type = contentTypeForAdminPath(new URL(request.url).pathname);
  if (!type) throw data("Not found", { status: 404 });
  return type;
}

export function listView(type: AnyContentType, count: number): ContentListView {
  return {
    key: type.key,
    title: type.admin.title,
    heading: type.admin.listHeading(count),
    addLabel: type.admin.addLabel,
    addTo: `${listPath(type)}/add`,
    editTo: `${listPath(type)}/edit`,
    empty: type.admin.empty,
    columns: type.admin.columns,
    deleteQuestion: `Are you sure you want to delete this ${type.noun.one}?`,
  };
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
  const own = type.admin.intents?.find((candidate) => candidate.intent === intent);
  if (!isUuid(id) || (intent !== "delete" && !own)) return toastAnswer(errorToast(type.messages.deleteFailed));
  if (own) return toastAnswer(await own.run(context, id));
  try {
    const result = await deleteContent(type, context.db, admin.user, id);
    if (result.ok) return toastAnswer(successToast(type.messages.deleted));
    return toastAnswer(errorToast(result.reason === "in-use" ? result.message : type.messages.deleteFailed));
  } catch (error) {
    logger.error({ err: error, id }, "delete failed");
    return toastAnswer(errorToast(type.messages.deleteFailed));
  }
}

function formView(type: AnyContentType, editing: boolean): ContentFormView {
  const titles = type.admin.formTitles;
  return {
    title: editing ? titles.edit : titles.add,
    submitLabel: editing ? titles.update : titles.create,
    listPath: listPath(type),
    backLabel: `Back to ${capitalise(type.noun.many)}`,
  };
}

/**
 * An add or edit form's data: the row being edited (back to the list with the type's "Failed to fetch …"
 * toast when there is none), the frame's words, and whatever choices the form needs.
 */
export async function loadContentForm<Table extends ContentTable, Extra extends object>(
  type: ContentType<unknown, unknown, Table>,
  { request, params, context }: Args,
  choices: (context: AppLoadContext) => Promise<Extra>,
) {
  await requireAdmin(request);
  const generic: AnyContentType = type;
  let row: Table["$inferSelect"] | null = null;
  if (params.id !== undefined) {
    row = isUuid(params.id) ? ((await getForEdit(generic, context.db, params.id)) as Table["$inferSelect"] | null) : null;
    if (!row) throw redirectWithToast(listPath(generic), errorToast(type.messages.loadFailed));
  }
  return { row, frame: formView(generic, row !== null), ...(await choices(context)) };
}

/**
 * A form's save: validate with the type's schema (the form's own), create or update, then back to the list
 * with the success toast. Field errors (including 'Slug already in use') return to the form.
 */
export async function saveContentForm(type: AnyContentType, { request, params, context }: Args) {
  const admin = await requireAdmin(request);
  const generic = type;
  const submission = parseWithZod(await readFormData(request), { schema: generic.schema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const id = params.id;
  if (id !== undefined && !isUuid(id)) throw redirectWithToast(listPath(generic), errorToast(type.messages.saveFailed));
  try {
    const result = await saveContent(generic, context.db, admin.user, id, submission.value);
    if (result.ok) return redirectWithToast(listPath(generic), successToast(id === undefined ? type.messages.created : type.messages.updated));
    if (result.reason === "not-found") return redirectWithToast(listPath(generic), errorToast(type.messages.saveFailed));
    return data({ result: submission.reply({ fieldErrors: result.fieldErrors }), toast: null }, { status: 400 });
  } catch (error) {
    logger.error({ err: error, id }, "save failed");
    return data({ result: submission.reply(), toast: errorToast(type.messages.saveFailed) }, { status: 500 });
  }
}
