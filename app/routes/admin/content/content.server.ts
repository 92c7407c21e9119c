import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";

import { type ContentFormView, SUBMIT_FOR_REVIEW } from "#app/components/admin/content-form-frame";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import {
  CANNOT_PUBLISH,
  changeableRows,
  mayChange,
  mayPublish,
  NOT_YOUR_DRAFT,
} from "#app/modules/catalogue/authorship.server";
import { hiddenEmbedsNotice } from "#app/modules/catalogue/embeds.server";
import { getForEdit, saveContent, type SaveOptions } from "#app/modules/catalogue/mutations.server";
import { type ChoiceOption, referencedOptions } from "#app/modules/catalogue/options.server";
import type { AnyContentType, ContentTable, ContentType } from "#app/modules/content-types/content-type";
import { adminPathOf as listPath, adminWordsOf, messagesOf, titleCase } from "#app/modules/content-types/words";
import { isPreviewable, livePreviewLinks, PREVIEW_DAYS } from "#app/modules/previews/preview-links.server";
import { approveEdited, NoLongerWaiting, waitingCandidateForm } from "#app/modules/sourcing/approve.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { atLeast } from "#app/modules/users/roles";
import { logger } from "#app/platform/logger.server";
import { redirectWithToast } from "#app/platform/toast.server";

// The admin's form plumbing, once for every content type: each form route passes its type.

export interface Args {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
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

type Choices = Record<string, (db: AppLoadContext["db"], row: Record<string, unknown> | null) => Promise<unknown>>;

/**
 * An add or edit form's data: the row being edited (back to the list with the type's "Failed to fetch …"
 * toast when there is none), the frame's words, the rows it refers to by name (for its comboboxes), and
 * any other data the form needs, read in parallel.
 */
export async function loadContentForm<Table extends ContentTable, C extends Choices = Record<never, never>>(
  type: ContentType<unknown, unknown, Table>,
  { request, params, context }: Args,
  choices: C = {} as C,
) {
  const admin = await requireAdmin(request);
  const generic: AnyContentType = type;
  let row: Table["$inferSelect"] | null = null;
  const editor = atLeast(admin.user.role, "editor");
  const candidate = params.id === undefined && editor ? await sourcedStart(generic, request, context) : null;
  if (params.id !== undefined) {
    row = isUuid(params.id)
      ? ((await getForEdit(generic, context.db, params.id)) as Table["$inferSelect"] | null)
      : null;
    if (!row) throw redirectWithToast(listPath(generic), errorToast(messagesOf(generic).loadFailed));
    if (!(await mayChange(generic, context.db, admin.user, params.id))) {
      throw redirectWithToast(listPath(generic), errorToast(NOT_YOUR_DRAFT));
    }
  }
  const [refs, ...read] = await Promise.all([
    row || candidate
      ? referencedOptions(generic, context.db, (row ?? candidate!.values) as Record<string, unknown>)
      : ({} as Record<string, ChoiceOption | null>),
    ...Object.entries(choices).map(
      async ([name, load]) => [name, await load(context.db, row as Record<string, unknown> | null)] as const,
    ),
  ]);
  const chosen = Object.fromEntries(read as Array<readonly [string, unknown]>) as {
    [K in keyof C]: Awaited<ReturnType<C[K]>>;
  };
  const submittedAt = (row as { submittedAt?: Date | null } | null)?.submittedAt ?? null;
  const frame = {
    ...formView(generic, row !== null),
    canPublish: editor,
    submittedAt: submittedAt?.toISOString() ?? null,
    // When this form read the row: a save finding it saved since is refused (mutations.server.ts).
    savedAt: (row as { updatedAt?: Date } | null)?.updatedAt?.toISOString() ?? null,
    revisionsPath: params.id === undefined ? null : `${listPath(generic)}/revisions/${params.id}`,
    previews:
      row && isPreviewable(generic.key)
        ? {
            action: `${listPath(generic)}/previews/${params.id}`,
            noun: generic.noun.one,
            days: PREVIEW_DAYS,
            links: (
              await livePreviewLinks(
                context.db,
                { siteUrl: context.env.PUBLIC_URL, secret: context.appSecret },
                generic,
                params.id!,
              )
            ).map((link) => ({ id: link.id, url: link.url, expiresAt: link.expiresAt.toISOString() })),
          }
        : null,
  };
  return { row, candidate, frame, refs, ...chosen };
}

const SOURCING = "/admin/sourcing";
const CONFLICT = "Not saved: someone else saved this after you opened it.";
const NOT_WAITING = "This candidate is no longer waiting for review";
/** The item types a sourcing candidate becomes, by their desks' keys. */
const sourcedTypes: Record<string, "deals" | "coupons"> = { deal: "deals", coupon: "coupons" };

/**
 * "Edit" in the review queue opens the new item's form as the candidate would make it (`?candidate=<id>`):
 * its values, and its id for the save to approve it with; null for any other new form.
 */
async function sourcedStart(type: AnyContentType, request: Request, context: AppLoadContext) {
  const id = new URL(request.url).searchParams.get("candidate");
  if (!isUuid(id) || !sourcedTypes[type.key]) return null;
  const form = await waitingCandidateForm(context.db, id, await context.amazon());
  if (!form || form.type !== sourcedTypes[type.key]) throw redirectWithToast(SOURCING, errorToast(NOT_WAITING));
  return { id, values: form.values };
}

/**
 * A form's save: validate with the type's schema (the form's own), create or update, then back to the list
 * with the success toast. Field errors (including 'Slug already in use') return to the form.
 */
export async function saveContentForm(type: AnyContentType, { request, params, context }: Args) {
  const admin = await requireAdmin(request);
  const messages = messagesOf(type);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: type.schema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const id = params.id;
  if (id !== undefined && !isUuid(id)) throw redirectWithToast(listPath(type), errorToast(messages.saveFailed));
  const writer = admin.user;
  if (!mayPublish(writer, (submission.value as { status?: unknown }).status)) {
    return data(
      { result: submission.reply({ fieldErrors: { status: [CANNOT_PUBLISH] } }), toast: null },
      { status: 400 },
    );
  }
  // A new item made from a sourcing candidate approves it in the same transaction, and goes back to the queue.
  const candidate = form.get("sourcingCandidate");
  const itemType = sourcedTypes[type.key];
  const approving = id === undefined && isUuid(candidate) && itemType !== undefined && atLeast(writer.role, "editor");
  const submitting = form.get("intent") === SUBMIT_FOR_REVIEW;
  const readAt = new Date(String(form.get("savedAt") ?? ""));
  const options: SaveOptions = {
    onlyIf: changeableRows(type, writer),
    submit: submitting,
    ...(Number.isNaN(readAt.getTime()) ? {} : { unchangedSince: readAt }),
    ...(approving
      ? { alongside: (tx, row) => approveEdited(tx, candidate, { type: itemType, id: row.id }, writer) }
      : {}),
  };
  try {
    const result = await saveContent(type, context.db, writer, id, submission.value, options);
    if (result.ok) {
      const saved = submitting
        ? `${titleCase(type.noun.one)} submitted for review`
        : id === undefined
          ? messages.created
          : messages.updated;
      const notice = await hiddenEmbedsNotice(type, context.db, result.row);
      return redirectWithToast(
        approving ? SOURCING : listPath(type),
        successToast(notice ? `${saved}. ${notice}` : saved),
      );
    }
    if (result.reason === "not-found") {
      const refused = options.onlyIf !== undefined && (await getForEdit(type, context.db, id!)) !== null;
      return redirectWithToast(listPath(type), errorToast(refused ? NOT_YOUR_DRAFT : messages.saveFailed));
    }
    if (result.reason === "conflict") {
      const { savedAt, savedBy, differs } = result;
      const conflict = { savedAt: savedAt.toISOString(), savedBy, differs };
      return data({ result: submission.reply(), toast: errorToast(CONFLICT), conflict }, { status: 409 });
    }
    return data({ result: submission.reply({ fieldErrors: result.fieldErrors }), toast: null }, { status: 400 });
  } catch (error) {
    if (error instanceof NoLongerWaiting) throw redirectWithToast(SOURCING, errorToast(NOT_WAITING));
    logger.error({ err: error, id }, "save failed");
    return data({ result: submission.reply(), toast: errorToast(messages.saveFailed) }, { status: 500 });
  }
}
