import { RESTORE } from "#app/components/admin/revision-list";
import { formatDateTime } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, infoToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { changeableRows, mayPublish, NOT_YOUR_DRAFT } from "#app/modules/catalogue/authorship.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { adminPathOf } from "#app/modules/content-types/words";
import { restoreRevision, type RevisionCursor, revisionsPage } from "#app/modules/revisions/revisions.server";
import { redirectWithToast } from "#app/platform/toast.server";

import { type ItemArgs, itemFor } from "./item-access.server";

// An item's revisions page (`/admin/<type>/revisions/:id`), for whoever may edit the item: its versions
// newest first, each save's changes, and "Restore this version".

/** `?before=<time>_<id>`, as the page's "Older versions" link writes it; anything else is the first page. */
function cursorOf(request: Request): RevisionCursor | null {
  const [at, id] = (new URL(request.url).searchParams.get("before") ?? "").split("_");
  return at && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) && isUuid(id) ? { at, id } : null;
}

const revisionsPath = (type: AnyContentType, id: string) => `${adminPathOf(type)}/revisions/${id}`;

export async function loadRevisions(args: ItemArgs) {
  const { type, id, title, editPath } = await itemFor(args);
  const before = cursorOf(args.request);
  const page = await revisionsPage(args.context.db, type, id, before);
  return {
    title,
    noun: type.noun.one,
    editPath,
    firstPage: before === null,
    revisions: page.rows.map((revision) => ({ ...revision, createdAt: revision.createdAt.toISOString() })),
    olderSearch: page.next ? `?before=${page.next.at}_${page.next.id}` : null,
  };
}

/** "Restore this version": the item's fields as the revision has them, through the form's checks. */
export async function restoreAction(args: ItemArgs) {
  const { admin, type, id, editPath } = await itemFor(args);
  const paths = { revisions: revisionsPath(type, id), edit: editPath };
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
