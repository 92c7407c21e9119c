import type { AppLoadContext } from "react-router";

import { RESTORE } from "#app/components/admin/revision-list";
import { formatDateTime } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, infoToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { changeableRows, mayChange, mayPublish, NOT_YOUR_DRAFT } from "#app/modules/catalogue/authorship.server";
import { getForEdit } from "#app/modules/catalogue/mutations.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { adminPathOf, messagesOf, titleColumnOf } from "#app/modules/content-types/words";
import { restoreRevision, type RevisionCursor, revisionsPage } from "#app/modules/revisions/revisions.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { redirectWithToast } from "#app/platform/toast.server";

import { listTypeFor } from "./list.server";

// An item's revisions page (`/admin/<type>/revisions/:id`), for whoever may edit the item: its versions
// newest first, each save's changes, and "Restore this version".

interface Args {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
}

/** The page's own address, and its item's edit form's. */
const pathsOf = (type: AnyContentType, id: string) => ({
  revisions: `${adminPathOf(type)}/revisions/${id}`,
  edit: `${adminPathOf(type)}/edit/${id}`,
});

/** `?before=<time>_<id>`, as the page's "Older versions" link writes it; anything else is the first page. */
function cursorOf(request: Request): RevisionCursor | null {
  const [at, id] = (new URL(request.url).searchParams.get("before") ?? "").split("_");
  return at && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) && isUuid(id) ? { at, id } : null;
}

/** The item this request is about, which its person may change; otherwise back to the list with why. */
async function itemFor({ request, params, context }: Args) {
  const admin = await requireAdmin(request);
  const type = listTypeFor(request);
  const id = params.id;
  const row = isUuid(id) ? await getForEdit(type, context.db, id) : null;
  if (!row) throw redirectWithToast(adminPathOf(type), errorToast(messagesOf(type).loadFailed));
  if (!(await mayChange(type, context.db, admin.user, id!)))
    throw redirectWithToast(adminPathOf(type), errorToast(NOT_YOUR_DRAFT));
  return { admin, type, id: id!, row };
}

export async function loadRevisions(args: Args) {
  const { type, id, row } = await itemFor(args);
  const before = cursorOf(args.request);
  const page = await revisionsPage(args.context.db, type, id, before);
  const paths = pathsOf(type, id);
  return {
    title: String(row[titleColumnOf(type).name] ?? ""),
    noun: type.noun.one,
    paths,
    firstPage: before === null,
    revisions: page.rows.map((revision) => ({ ...revision, createdAt: revision.createdAt.toISOString() })),
    olderSearch: page.next ? `?before=${page.next.at}_${page.next.id}` : null,
  };
}

/** "Restore this version": the item's fields as the revision has them, through the form's checks. */
export async function restoreAction(args: Args) {
  const { admin, type, id } = await itemFor(args);
  const paths = pathsOf(type, id);
  const form = await readFormData(args.request);
  const revision = form.get("revision");
  if (form.get("intent") !== RESTORE || !isUuid(revision))
    return redirectWithToast(paths.revisions, errorToast("Choose a version to restore."));
  const result = await restoreRevision(type, args.context.db, admin.user, id, revision, {
    onlyIf: changeableRows(type, admin.user),
    mayPublish: (status) => mayPublish(admin.user, status),
  });
  if (result.ok && result.changed)
    return redirectWithToast(
      paths.edit,
      successToast(
        `Restored the version of ${formatDateTime(result.restoredAt)}. The version it replaced is kept in its revisions.`,
      ),
    );
  if (result.ok) return redirectWithToast(paths.revisions, infoToast("This version is the current one already."));
  if (result.reason === "gone")
    return redirectWithToast(paths.revisions, errorToast("That version is no longer kept."));
  if (result.reason === "invalid")
    return redirectWithToast(paths.revisions, errorToast(`This version cannot be restored. ${result.message}`));
  return redirectWithToast(adminPathOf(type), errorToast(NOT_YOUR_DRAFT));
}
