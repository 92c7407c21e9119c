import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";

import type { ContentFormView } from "#app/components/admin/content-form-frame";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { hiddenEmbedsNotice } from "#app/modules/catalogue/embeds.server";
import { getForEdit, saveContent } from "#app/modules/catalogue/mutations.server";
import { type ChoiceOption, referencedOptions } from "#app/modules/catalogue/options.server";
import type { AnyContentType, ContentTable, ContentType } from "#app/modules/content-types/content-type";
import { adminPathOf as listPath, adminWordsOf, messagesOf } from "#app/modules/content-types/words";
import { requireAdmin } from "#app/platform/auth.server";
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
  await requireAdmin(request);
  const generic: AnyContentType = type;
  let row: Table["$inferSelect"] | null = null;
  if (params.id !== undefined) {
    row = isUuid(params.id)
      ? ((await getForEdit(generic, context.db, params.id)) as Table["$inferSelect"] | null)
      : null;
    if (!row) throw redirectWithToast(listPath(generic), errorToast(messagesOf(generic).loadFailed));
  }
  const [refs, ...read] = await Promise.all([
    row
      ? referencedOptions(generic, context.db, row as Record<string, unknown>)
      : ({} as Record<string, ChoiceOption | null>),
    ...Object.entries(choices).map(
      async ([name, load]) => [name, await load(context.db, row as Record<string, unknown> | null)] as const,
    ),
  ]);
  const chosen = Object.fromEntries(read as Array<readonly [string, unknown]>) as {
    [K in keyof C]: Awaited<ReturnType<C[K]>>;
  };
  return { row, frame: formView(generic, row !== null), refs, ...chosen };
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
    if (result.ok) {
      const saved = id === undefined ? messages.created : messages.updated;
      const notice = await hiddenEmbedsNotice(type, context.db, result.row);
      return redirectWithToast(listPath(type), successToast(notice ? `${saved}. ${notice}` : saved));
    }
    if (result.reason === "not-found") return redirectWithToast(listPath(type), errorToast(messages.saveFailed));
    return data({ result: submission.reply({ fieldErrors: result.fieldErrors }), toast: null }, { status: 400 });
  } catch (error) {
    logger.error({ err: error, id }, "save failed");
    return data({ result: submission.reply(), toast: errorToast(messages.saveFailed) }, { status: 500 });
  }
}
