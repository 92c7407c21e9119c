import { data } from "react-router";

import { PREVIEW_INTENTS } from "#app/components/admin/preview-links";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import {
  createPreviewLink,
  isPreviewable,
  PREVIEW_DAYS,
  revokePreviewLink,
} from "#app/modules/previews/preview-links.server";
import { redirectWithToast } from "#app/platform/toast.server";

import { type ItemArgs, itemFor } from "./item-access.server";

// An item's preview links (`/admin/<type>/previews/:id`, posted from its form): make one, or revoke one.
// Whoever may edit the item may share it.

export async function previewLinkAction(args: ItemArgs) {
  const { admin, type, id, title, editPath } = await itemFor(args);
  if (!isPreviewable(type.key)) throw data("Not found", { status: 404 });
  const form = await readFormData(args.request);
  const services = { siteUrl: args.context.env.PUBLIC_URL, secret: args.context.appSecret };
  const item = { id, title };
  if (form.get("intent") === PREVIEW_INTENTS.create) {
    const days = Number(form.get("days"));
    if (!PREVIEW_DAYS.includes(days as (typeof PREVIEW_DAYS)[number]))
      return redirectWithToast(editPath, errorToast("Choose how long the link works: 1, 7 or 30 days."));
    await createPreviewLink(args.context.db, services, admin.user, type, item, days);
    return redirectWithToast(
      editPath,
      successToast(`Preview link made: whoever has it sees this ${type.noun.one}'s page for ${days} days.`),
    );
  }
  const link = form.get("link");
  if (form.get("intent") === PREVIEW_INTENTS.revoke && isUuid(link)) {
    const revoked = await revokePreviewLink(args.context.db, admin.user, type, item, link);
    return redirectWithToast(
      editPath,
      revoked ? successToast("Preview link revoked") : errorToast("That preview link no longer works."),
    );
  }
  return redirectWithToast(editPath, errorToast("Choose what to do with the preview links."));
}
