import { inArray, type SQL } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";

import type { ContentListView } from "#app/components/admin/content-list-view";
import { readFormData } from "#app/lib/form-data";
import { errorToast, infoToast, successToast, type Toast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import {
  listWhere,
  queryAdminList,
  refFilterLabels,
  refFiltersOf,
  sortKeyOf,
  statesOf,
} from "#app/modules/catalogue/admin-list.server";
import { changeableRows, listedRows, mayChange, NOT_YOUR_DRAFT } from "#app/modules/catalogue/authorship.server";
import {
  type BulkAction,
  bulkActions,
  bulkActionsOf,
  bulkLabels,
  describeBulkResult,
  runBulkAction,
} from "#app/modules/catalogue/bulk.server";
import { deleteContent, duplicateContent } from "#app/modules/catalogue/mutations.server";
import { contentTypeForAdminPath } from "#app/modules/catalogue/registry.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { isFiltered, type ListParams, readListParams } from "#app/modules/content-types/list-params";
import { adminPathOf, adminWordsOf, lifecycleOf, messagesOf } from "#app/modules/content-types/words";
import { NO_ACCESS } from "#app/modules/users/admin-access";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { atLeast, type Role } from "#app/modules/users/roles";
import { logger } from "#app/platform/logger.server";
import { redirectWithToast, toastCookie } from "#app/platform/toast.server";

// Every content type's admin list: one page of a view held in the URL, and the row and bulk actions.

interface Args {
  request: Request;
  context: AppLoadContext;
}

/** The type whose list this request is for (the list route serves every type). */
export function listTypeFor(request: Request): AnyContentType {
  const type = contentTypeForAdminPath(new URL(request.url).pathname);
  if (!type) throw data("Not found", { status: 404 });
  return type;
}

const paramsFor = (type: AnyContentType, search: URLSearchParams) =>
  readListParams(
    search,
    refFiltersOf(type).map((filter) => filter.param),
  );

function listView(type: AnyContentType, total: number, filtered: boolean, role: Role): ContentListView {
  const editor = atLeast(role, "editor");
  const words = adminWordsOf(type);
  const path = adminPathOf(type);
  return {
    key: type.key,
    title: type.admin.title,
    heading: filtered ? words.matchingHeading(total) : words.listHeading(total),
    noun: type.noun,
    addLabel: words.addLabel,
    addTo: `${path}/add`,
    editTo: `${path}/edit`,
    csvPath: `${path}/csv`,
    csv: editor,
    importable: Boolean(type.csv.importBy),
    empty: type.admin.empty,
    columns: type.admin.columns.map((column) => ({
      heading: column.heading,
      sortKey: column.sort ? sortKeyOf(column) : undefined,
      first: column.sort?.first ?? "asc",
    })),
    filters: {
      status: Boolean(lifecycleOf(type)),
      featured: "featured" in type.table,
      states: statesOf(type),
      refs: refFiltersOf(type).map((filter) => ({ param: filter.param, label: filter.label, to: filter.to })),
    },
    bulk: editor ? bulkActionsOf(type).map((action) => ({ action, label: bulkLabels[action] })) : [],
    deleteQuestion: words.deleteQuestion,
  };
}

export async function loadList({ request, context }: Args) {
  const admin = await requireAdmin(request);
  const type = listTypeFor(request);
  const params = paramsFor(type, new URL(request.url).searchParams);
  const [page, refLabels] = await Promise.all([
    queryAdminList(type, context.db, params, listedRows(type, admin.user)),
    refFilterLabels(type, context.db, params),
  ]);
  return { view: listView(type, page.total, isFiltered(params), admin.user.role), params, page, refLabels };
}

/**
 * A fetcher action's outcome: the toast travels in the flash cookie, and the answer is always 200 because
 * React Router skips revalidating (and so the root loader's toast) after a 4xx/5xx action.
 */
export const toastAnswer = (toast: Toast) =>
  data({ ok: toast.type === "success" }, { headers: { "Set-Cookie": toastCookie(toast) } });

/** The bulk form's selection: the ticked ids, or every row of the view it names (`all` + `view`). */
function selectionOf(type: AnyContentType, form: FormData): { where: SQL | undefined } | null {
  if (form.get("all") === "1") {
    const view: ListParams = paramsFor(type, new URLSearchParams(String(form.get("view") ?? "")));
    return { where: listWhere(type, view) };
  }
  const ids = form.getAll("ids");
  if (ids.length === 0 || ids.length > 100 || !ids.every(isUuid)) return null;
  return { where: inArray(type.table.id, ids as string[]) };
}

async function bulkAction(
  type: AnyContentType,
  context: AppLoadContext,
  actor: { id: string; email: string },
  form: FormData,
) {
  const action = bulkActions.find((candidate) => candidate === form.get("bulk")) as BulkAction | undefined;
  const selection = selectionOf(type, form);
  if (!action || !bulkActionsOf(type).includes(action))
    return toastAnswer(errorToast("Choose an action for the selected rows"));
  if (!selection) return toastAnswer(errorToast(`Select the ${type.noun.many} to change first`));
  try {
    const result = await runBulkAction(type, context.db, actor, action, selection.where);
    const { ok, text } = describeBulkResult(type, result);
    return toastAnswer(ok ? (result.changed === 0 ? infoToast(text) : successToast(text)) : errorToast(text));
  } catch (error) {
    logger.error({ err: error, action }, "bulk action failed");
    return toastAnswer(errorToast(`Failed to change the selected ${type.noun.many}. Nothing was changed.`));
  }
}

/** A list's actions: delete or duplicate a row, a bulk action, or one of the type's own row intents. */
export async function listAction({ request, context }: Args) {
  const admin = await requireAdmin(request);
  const type = listTypeFor(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const rows = changeableRows(type, admin.user);
  if (intent === "bulk") {
    return rows ? toastAnswer(errorToast(NO_ACCESS)) : bulkAction(type, context, admin.user, form);
  }
  const id = form.get("id");
  const messages = messagesOf(type);
  const own = type.admin.intents?.find((candidate) => candidate.intent === intent);
  if (!isUuid(id) || (intent !== "delete" && intent !== "duplicate" && !own))
    return toastAnswer(errorToast(messages.deleteFailed));
  if (own) {
    if (!(await mayChange(type, context.db, admin.user, id))) return toastAnswer(errorToast(NOT_YOUR_DRAFT));
    return toastAnswer(await own.run(context, id, admin.user));
  }
  if (intent === "duplicate") {
    const copy = await duplicateContent(type, context.db, admin.user, id, listedRows(type, admin.user));
    if (!copy.ok) return toastAnswer(errorToast(rows ? NOT_YOUR_DRAFT : messages.loadFailed));
    return redirectWithToast(`${adminPathOf(type)}/edit/${copy.row.id}`, successToast(messages.duplicated));
  }
  try {
    const result = await deleteContent(type, context.db, admin.user, id, rows);
    if (result.ok) return toastAnswer(successToast(messages.deleted));
    if (result.reason === "in-use") return toastAnswer(errorToast(result.message));
    return toastAnswer(errorToast(rows ? NOT_YOUR_DRAFT : messages.deleteFailed));
  } catch (error) {
    logger.error({ err: error, id }, "delete failed");
    return toastAnswer(errorToast(messages.deleteFailed));
  }
}
