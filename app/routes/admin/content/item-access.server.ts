import type { AppLoadContext } from "react-router";

import { errorToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { mayChange, NOT_YOUR_DRAFT } from "#app/modules/catalogue/authorship.server";
import { getForEdit } from "#app/modules/catalogue/mutations.server";
import { adminPathOf, messagesOf, titleColumnOf } from "#app/modules/content-types/words";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { redirectWithToast } from "#app/platform/toast.server";

import { listTypeFor } from "./list.server";

// The item an admin page beside its form is about (its revisions, its preview links), from the URL
// (`/admin/<type>/<page>/:id`), for whoever may edit it; anyone else goes back to the list with why.

export interface ItemArgs {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
}

export async function itemFor({ request, params, context }: ItemArgs) {
  const admin = await requireAdmin(request);
  const type = listTypeFor(request);
  const id = params.id;
  const row = isUuid(id) ? await getForEdit(type, context.db, id) : null;
  if (!row) throw redirectWithToast(adminPathOf(type), errorToast(messagesOf(type).loadFailed));
  if (!(await mayChange(type, context.db, admin.user, id!)))
    throw redirectWithToast(adminPathOf(type), errorToast(NOT_YOUR_DRAFT));
  return {
    admin,
    type,
    id: id!,
    row,
    title: String(row[titleColumnOf(type).name] ?? ""),
    editPath: `${adminPathOf(type)}/edit/${id!}`,
  };
}
